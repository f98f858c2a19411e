package io.cairn.resp;

import io.cairn.testkit.Seeds;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Seeded random replies, as {@link RespEncoder} writes them in RESP3, fed in random chunks: they
 * decode to the values encoded; and the same streams mutated never hang the decoder nor make it
 * throw anything but {@link RespProtocolException}. Replay a failure with
 * {@code -Dcairn.seed=<printed seed>}.
 */
@Timeout(120)
class RespReplyDecoderFuzzTest {
    private static final RespReplyLimits LIMITS = new RespReplyLimits(64, 6, 4, 64);
    private static final int STREAMS = 10_000;
    private static final String ALPHABET = "*%~>|$!=:+-_#,(\r\n0123-9x";

    @Test
    void randomRepliesDecodeToWhatWasEncodedWhateverTheChunking() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < STREAMS; i++) {
            List<RespValue> sent = new ArrayList<>();
            byte[] stream = stream(random, sent);
            assertThat(feed(stream, random, seed)).as("seed 0x%s, stream %d", Long.toHexString(seed), i).isEqualTo(sent);
        }
    }

    @Test
    void mutatedRepliesNeverHangOrThrowAnythingElse() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < STREAMS; i++) {
            byte[] stream = stream(random, new ArrayList<>());
            for (int m = 1 + random.nextInt(3); m > 0 && stream.length > 0; m--) {
                int at = random.nextInt(stream.length);
                stream[at] = random.nextInt(3) == 0 ? (byte) random.nextInt(256) : (byte) ALPHABET.charAt(random.nextInt(ALPHABET.length()));
            }
            feed(stream, random, seed);
        }
    }

    /** One to four replies within {@link #LIMITS}, encoded in RESP3; appends them to {@code sent}. */
    private static byte[] stream(SplittableRandom random, List<RespValue> sent) {
        ByteBuf out = Unpooled.buffer();
        for (int r = 1 + random.nextInt(4); r > 0; r--) {
            RespValue v = value(random, 0);
            RespEncoder.encode(v, out, 3);
            sent.add(v);
        }
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    private static RespValue value(SplittableRandom random, int depth) {
        int kind = random.nextInt(depth < LIMITS.maxDepth() ? 14 : 10);
        return switch (kind) {
            case 0 -> RespValue.simple(word(random));
            case 1 -> RespValue.error("ERR " + word(random));
            case 2 -> RespValue.integer(random.nextLong());
            case 3 -> {
                byte[] b = new byte[random.nextInt(LIMITS.maxBulkBytes() + 1)];
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) random.nextInt(256);
                }
                yield new RespValue.BulkString(b);
            }
            case 4 -> RespValue.NULL;
            case 5 -> new RespValue.BooleanReply(random.nextBoolean());
            case 6 -> new RespValue.DoubleReply(random.nextBoolean() ? random.nextDouble() * 1e6 : random.nextInt(100));
            case 7 -> new RespValue.BigNumber(BigInteger.valueOf(random.nextLong()).multiply(BigInteger.valueOf(random.nextLong())));
            case 8 -> new RespValue.VerbatimString("txt", word(random));
            case 9 -> RespValue.integer(random.nextInt(10));
            case 10 -> RespValue.array(items(random, depth));
            case 11 -> new RespValue.SetReply(items(random, depth));
            case 12 -> new RespValue.PushReply(items(random, depth));
            default -> {
                List<Map.Entry<RespValue, RespValue>> entries = new ArrayList<>();
                for (int i = random.nextInt(LIMITS.maxAggregateLength() + 1); i > 0; i--) {
                    entries.add(Map.entry(value(random, depth + 1), value(random, depth + 1)));
                }
                yield new RespValue.MapReply(entries);
            }
        };
    }

    private static List<RespValue> items(SplittableRandom random, int depth) {
        List<RespValue> items = new ArrayList<>();
        for (int i = random.nextInt(LIMITS.maxAggregateLength() + 1); i > 0; i--) {
            items.add(value(random, depth + 1));
        }
        return items;
    }

    private static String word(SplittableRandom random) {
        return "w" + random.nextInt(1000);
    }

    /** Feeds {@code stream} in random chunks, checking each call makes progress or asks for more. */
    private static List<RespValue> feed(byte[] stream, SplittableRandom random, long seed) {
        RespReplyAggregator aggregator = new RespReplyAggregator(LIMITS);
        ByteBuf cumulation = Unpooled.buffer();
        List<RespValue> replies = new ArrayList<>();
        int calls = 0;
        int offset = 0;
        while (offset < stream.length) {
            int chunk = Math.min(stream.length - offset, 1 + random.nextInt(random.nextBoolean() ? 4 : 64));
            cumulation.writeBytes(stream, offset, chunk);
            offset += chunk;
            while (true) {
                if (++calls > 4 * stream.length + 16) {
                    fail("seed 0x%s: the decoder made no progress", Long.toHexString(seed));
                }
                RespValue reply;
                try {
                    reply = aggregator.decode(cumulation);
                } catch (RespProtocolException e) {
                    return replies;
                } catch (RuntimeException | Error e) {
                    throw new AssertionError("seed 0x" + Long.toHexString(seed) + ": " + e, e);
                }
                if (reply == null) {
                    break;
                }
                replies.add(reply);
            }
            if (random.nextBoolean()) {
                cumulation.discardReadBytes();
            }
        }
        return replies;
    }
}
