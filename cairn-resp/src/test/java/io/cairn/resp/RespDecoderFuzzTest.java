package io.cairn.resp;

import io.cairn.testkit.Seeds;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Seeded random streams and mutated valid frames, fed in random chunks: the decoder must never
 * spin, never throw anything but {@link RespProtocolException}, and never hand out a command that
 * breaks its limits. Replay a failure with {@code -Dcairn.seed=<printed seed>}.
 */
@Timeout(120)
class RespDecoderFuzzTest {
    private static final RespLimits LIMITS = new RespLimits(16, 4, 24);
    private static final int STREAMS = 20_000;
    private static final byte[] ALPHABET = "*$\r\n\r\n0123456789-+ \t\"'\\xaZ".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void randomBytesNeverHangOrBreakLimits() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < STREAMS; i++) {
            byte[] stream = new byte[random.nextInt(300)];
            for (int j = 0; j < stream.length; j++) {
                stream[j] = random.nextInt(4) == 0
                        ? (byte) random.nextInt(256)
                        : ALPHABET[random.nextInt(ALPHABET.length)];
            }
            feed(stream, random, seed);
        }
    }

    @Test
    void mutatedValidFramesNeverHangOrBreakLimits() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < STREAMS; i++) {
            byte[] stream = validStream(random, new ArrayList<>());
            int mutations = 1 + random.nextInt(3);
            for (int m = 0; m < mutations; m++) {
                stream = mutate(stream, random);
            }
            feed(stream, random, seed);
        }
    }

    @Test
    void validStreamsDecodeToWhatWasSentWhateverTheChunking() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < STREAMS; i++) {
            List<List<String>> sent = new ArrayList<>();
            byte[] stream = validStream(random, sent);
            List<List<String>> received = feed(stream, random, seed);
            assertThat(received).as("seed 0x%s, stream %d", Long.toHexString(seed), i).isEqualTo(sent);
        }
    }

    @Test
    void theWholeArrayFastPathAgreesWithTheStateMachine() {
        long seed = Seeds.seed();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < STREAMS; i++) {
            byte[] stream = validStream(random, new ArrayList<>());
            for (int m = random.nextInt(3); m > 0; m--) {
                stream = mutate(stream, random);
            }
            // All at once: whole commands take the fast path. A byte at a time: never whole, so
            // every command goes through the state machine.
            boolean direct = random.nextBoolean(); // direct buffers: the fast path reads a copied window
            assertThat(outcome(stream, stream.length, direct)).as("seed 0x%s: %s", Long.toHexString(seed), show(stream))
                    .isEqualTo(outcome(stream, 1, false));
        }
    }

    @Test
    void commandsAroundTheDirectWindowDecodeAlikeInBothPaths() {
        RespLimits wide = new RespLimits(1 << 16, 64, 1 << 16);
        for (int size = RespDecoder.WINDOW - 40; size <= RespDecoder.WINDOW + 40; size++) {
            byte[] value = new byte[size];
            Arrays.fill(value, (byte) 'v');
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int c = 0; c < 3; c++) { // three in a row: the window holds the first whole or not
                out.writeBytes(("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$" + size + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.writeBytes(value);
                out.writeBytes(new byte[] {'\r', '\n'});
            }
            byte[] stream = out.toByteArray();
            List<String> expected = outcome(new RespDecoder(wide), stream, 1, false);
            assertThat(expected).hasSize(4);
            assertThat(outcome(new RespDecoder(wide), stream, stream.length, true)).as("size %d", size).isEqualTo(expected);
            assertThat(outcome(new RespDecoder(wide), stream, stream.length, false)).as("size %d", size).isEqualTo(expected);
        }
    }

    /** The commands decoded from {@code stream} fed {@code chunk} bytes at a time, then the error or how many bytes remain. */
    private static List<String> outcome(byte[] stream, int chunk, boolean direct) {
        return outcome(new RespDecoder(LIMITS), stream, chunk, direct);
    }

    private static List<String> outcome(RespDecoder decoder, byte[] stream, int chunk, boolean direct) {
        ByteBuf cumulation = direct ? Unpooled.directBuffer() : Unpooled.buffer();
        List<String> out = new ArrayList<>();
        for (int offset = 0; offset < stream.length; offset += chunk) {
            cumulation.writeBytes(stream, offset, Math.min(chunk, stream.length - offset));
            try {
                for (byte[][] c; (c = decoder.decode(cumulation)) != null; ) {
                    out.add(RespDecoderTest.text(c) + (decoder.lastWasInline() ? " inline" : ""));
                }
            } catch (RespProtocolException e) {
                out.add(e.getMessage());
                return out;
            }
        }
        out.add("unread " + cumulation.readableBytes());
        return out;
    }

    /**
     * Feeds {@code stream} in random chunks into one cumulation buffer, checking every call.
     *
     * @return the commands decoded before the stream ended or an error stopped it
     */
    private static List<List<String>> feed(byte[] stream, SplittableRandom random, long seed) {
        RespDecoder decoder = new RespDecoder(LIMITS);
        ByteBuf cumulation = Unpooled.buffer();
        List<List<String>> commands = new ArrayList<>();
        int calls = 0;
        int offset = 0;
        while (offset < stream.length) {
            int chunk = Math.min(stream.length - offset, 1 + random.nextInt(random.nextBoolean() ? 4 : 64));
            cumulation.writeBytes(stream, offset, chunk);
            offset += chunk;
            while (true) {
                if (++calls > 4 * stream.length + 16) {
                    fail("seed 0x%s: decoder made no progress on %s", Long.toHexString(seed), show(stream));
                }
                int before = cumulation.readerIndex();
                byte[][] command;
                try {
                    command = decoder.decode(cumulation);
                } catch (RespProtocolException e) {
                    assertThat(e.getMessage()).startsWith("ERR Protocol error: ");
                    return commands;
                } catch (RuntimeException | Error e) {
                    throw new AssertionError("seed 0x" + Long.toHexString(seed) + ": " + e + " on " + show(stream), e);
                }
                if (command == null) {
                    break;
                }
                assertThat(cumulation.readerIndex()).as("a command consumes bytes").isGreaterThan(before);
                assertThat(command.length).isBetween(1, LIMITS.maxArgs());
                for (byte[] arg : command) {
                    assertThat(arg.length).isLessThanOrEqualTo(LIMITS.maxBulkBytes());
                }
                commands.add(RespDecoderTest.text(command));
            }
            if (random.nextBoolean()) {
                cumulation.discardReadBytes();
            }
        }
        return commands;
    }

    /** One to four commands within {@link #LIMITS}, as arrays or inline; appends them to {@code sent}. */
    private static byte[] validStream(SplittableRandom random, List<List<String>> sent) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int commands = 1 + random.nextInt(4);
        for (int c = 0; c < commands; c++) {
            int argc = 1 + random.nextInt(LIMITS.maxArgs());
            List<String> args = new ArrayList<>();
            if (random.nextInt(3) == 0) {
                // inline: short plain words, so the line stays within maxInlineBytes
                StringBuilder line = new StringBuilder();
                for (int a = 0; a < argc && line.length() < 16; a++) {
                    String word = "w" + random.nextInt(100);
                    args.add(word);
                    line.append(a == 0 ? "" : " ").append(word);
                }
                out.writeBytes(line.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            } else {
                out.writeBytes(("*" + argc + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                for (int a = 0; a < argc; a++) {
                    byte[] arg = new byte[random.nextInt(LIMITS.maxBulkBytes() + 1)];
                    for (int b = 0; b < arg.length; b++) {
                        arg[b] = (byte) random.nextInt(256);
                    }
                    args.add(new String(arg, StandardCharsets.ISO_8859_1));
                    out.writeBytes(("$" + arg.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    out.writeBytes(arg);
                    out.writeBytes(new byte[] {'\r', '\n'});
                }
            }
            sent.add(args);
        }
        return out.toByteArray();
    }

    private static byte[] mutate(byte[] stream, SplittableRandom random) {
        if (stream.length == 0) {
            return new byte[] {ALPHABET[random.nextInt(ALPHABET.length)]};
        }
        int at = random.nextInt(stream.length);
        switch (random.nextInt(5)) {
            case 0 -> { // replace a byte
                byte[] copy = stream.clone();
                copy[at] = random.nextBoolean() ? (byte) random.nextInt(256) : ALPHABET[random.nextInt(ALPHABET.length)];
                return copy;
            }
            case 1 -> { // insert a byte
                byte[] copy = new byte[stream.length + 1];
                System.arraycopy(stream, 0, copy, 0, at);
                copy[at] = ALPHABET[random.nextInt(ALPHABET.length)];
                System.arraycopy(stream, at, copy, at + 1, stream.length - at);
                return copy;
            }
            case 2 -> { // delete a byte
                byte[] copy = new byte[stream.length - 1];
                System.arraycopy(stream, 0, copy, 0, at);
                System.arraycopy(stream, at + 1, copy, at, stream.length - at - 1);
                return copy;
            }
            case 3 -> { // duplicate a range
                int end = at + random.nextInt(stream.length - at) + 1;
                byte[] copy = new byte[stream.length + end - at];
                System.arraycopy(stream, 0, copy, 0, end);
                System.arraycopy(stream, at, copy, end, stream.length - at);
                return copy;
            }
            default -> { // truncate
                return Arrays.copyOf(stream, at);
            }
        }
    }

    private static String show(byte[] stream) {
        StringBuilder text = new StringBuilder("\"");
        for (byte b : stream) {
            int c = b & 0xFF;
            if (c == '\r') {
                text.append("\\r");
            } else if (c == '\n') {
                text.append("\\n");
            } else if (c == '"' || c == '\\') {
                text.append('\\').append((char) c);
            } else if (c < 0x20 || c >= 0x7F) {
                text.append(String.format("\\x%02x", c));
            } else {
                text.append((char) c);
            }
        }
        return text.append('"').toString();
    }
}
