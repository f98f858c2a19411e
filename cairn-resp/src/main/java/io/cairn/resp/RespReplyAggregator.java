package io.cairn.resp;

import io.netty.buffer.ByteBuf;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Builds whole replies as {@link RespValue}s from a {@link RespReplyDecoder}'s tokens, as Netty's
 * {@code RedisArrayAggregator} builds arrays from {@code RedisDecoder}'s messages:
 *
 * <pre>
 *   +text  SimpleString     -msg / !msg  ErrorReply      :n  IntegerReply    $n  BulkString
 *   $-1, _  NullReply       *-1  NullArray               *n  ArrayReply      %n  MapReply
 *   ~n  SetReply            &gt;n  PushReply              ,x  DoubleReply     #t  BooleanReply
 *   (n  BigNumber           =n  VerbatimString
 * </pre>
 *
 * Attributes ({@code |n}) are read, checked against the limits and dropped: they annotate the
 * reply after them, and no command asks for them but {@code DEBUG PROTOCOL attrib}. A caller who
 * wants them reads the decoder's tokens instead.
 *
 * <p>An aggregate's list starts at no more than {@value #INITIAL_CAPACITY} slots whatever its
 * header claims, and grows as elements arrive. The buffering contract is the decoder's: present
 * the unconsumed bytes again with what arrives next.
 *
 * <p>One per connection, beside nothing else reading the same decoder. Not thread-safe.
 */
public final class RespReplyAggregator {
    static final int INITIAL_CAPACITY = 1024;

    private final RespReplyDecoder decoder;
    /** Open aggregates, innermost last. */
    private final List<Open> stack = new ArrayList<>();
    /** Whether the decoder is inside a reply this aggregator began. */
    private boolean partial;

    private record Open(RespReplyDecoder.Token kind, List<RespValue> items) {
    }

    public RespReplyAggregator(RespReplyLimits limits) {
        this.decoder = new RespReplyDecoder(limits);
    }

    /** The decoder under this aggregator, for a caller that reads some replies token by token. */
    public RespReplyDecoder decoder() {
        return decoder;
    }

    /**
     * Decodes at most one whole reply from {@code in}.
     *
     * @return the reply, or null when more bytes are needed (everything parsed so far has been
     *         consumed and is kept)
     * @throws RespProtocolException when the input is not RESP or breaks a limit
     * @throws IllegalStateException when the decoder is inside a reply that was begun by reading
     *         its tokens directly
     */
    public RespValue decode(ByteBuf in) {
        if (!partial && !decoder.atReplyBoundary()) {
            throw new IllegalStateException("decode: the decoder is inside a reply read token by token");
        }
        try {
            while (true) {
                RespReplyDecoder.Token token = decoder.next(in);
                if (token == null) {
                    partial = !decoder.atReplyBoundary();
                    return null;
                }
                RespValue value;
                if (token.isAggregate()) {
                    int slots = token == RespReplyDecoder.Token.MAP || token == RespReplyDecoder.Token.ATTRIBUTE
                            ? 2 * decoder.length() : decoder.length();
                    stack.add(new Open(token, new ArrayList<>(Math.min(slots, INITIAL_CAPACITY))));
                    continue;
                } else if (token == RespReplyDecoder.Token.END) {
                    Open closed = stack.removeLast();
                    if (closed.kind() == RespReplyDecoder.Token.ATTRIBUTE) {
                        continue;
                    }
                    value = aggregate(closed);
                } else {
                    value = scalar(decoder, token);
                }
                if (stack.isEmpty()) {
                    partial = false;
                    return value;
                }
                stack.getLast().items().add(value);
            }
        } catch (RespProtocolException e) {
            stack.clear();
            partial = false;
            throw e;
        }
    }

    /** Forgets any partly read reply, the decoder's progress included. */
    public void reset() {
        stack.clear();
        partial = false;
        decoder.reset();
    }

    /** The value of a scalar token {@code decoder} just returned. */
    public static RespValue scalar(RespReplyDecoder decoder, RespReplyDecoder.Token token) {
        return switch (token) {
            case SIMPLE_STRING -> RespValue.simple(decoder.text());
            case SIMPLE_ERROR, BULK_ERROR -> RespValue.error(decoder.text());
            case INTEGER -> RespValue.integer(decoder.integer());
            case BULK_STRING -> new RespValue.BulkString(decoder.bytes());
            case NULL_BULK, NULL -> RespValue.NULL;
            case NULL_ARRAY -> RespValue.NULL_ARRAY;
            case BOOLEAN -> new RespValue.BooleanReply(decoder.bool());
            case DOUBLE -> new RespValue.DoubleReply(decoder.doubleValue());
            case BIG_NUMBER -> new RespValue.BigNumber(new BigInteger(decoder.text()));
            case VERBATIM_STRING -> {
                byte[] content = decoder.bytes(); // the decoder checked the "xxx:" before the text
                yield new RespValue.VerbatimString(new String(content, 0, 3, StandardCharsets.ISO_8859_1),
                        new String(content, 4, content.length - 4, StandardCharsets.UTF_8));
            }
            case ARRAY, MAP, SET, ATTRIBUTE, PUSH, END ->
                    throw new IllegalArgumentException("token: " + token + " (expected: a scalar)");
        };
    }

    private static RespValue aggregate(Open closed) {
        List<RespValue> items = closed.items();
        return switch (closed.kind()) {
            case ARRAY -> new RespValue.ArrayReply(Collections.unmodifiableList(items));
            case SET -> new RespValue.SetReply(Collections.unmodifiableList(items));
            case PUSH -> new RespValue.PushReply(Collections.unmodifiableList(items));
            case MAP -> {
                List<Map.Entry<RespValue, RespValue>> entries = new ArrayList<>(items.size() / 2);
                for (int i = 0; i < items.size(); i += 2) {
                    entries.add(Map.entry(items.get(i), items.get(i + 1)));
                }
                yield new RespValue.MapReply(Collections.unmodifiableList(entries));
            }
            default -> throw new IllegalStateException("aggregate: " + closed.kind());
        };
    }
}
