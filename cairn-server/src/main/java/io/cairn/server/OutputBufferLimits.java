package io.cairn.server;

import java.util.Locale;

/**
 * {@code client-output-buffer-limit}: for each class of client, how many bytes of replies may wait
 * for it before it is disconnected, as Redis's setting of that name. A class has a hard limit
 * (reached once: disconnect) and a soft limit (disconnect when it stays reached for more than
 * {@code softSeconds}); 0 turns a limit off. A client with any pub/sub subscription is in the
 * {@code pubsub} class, every other client is {@code normal} ({@code replica} is kept for
 * CONFIG GET/SET; Cairn has no replicas yet). Immutable.
 *
 * <p>Text form, as Redis reads and writes it: {@code class hard soft seconds}, repeated; the
 * classes are {@code normal}, {@code replica} (or {@code slave}) and {@code pubsub}; sizes as
 * Redis's memtoull reads them ({@code 32mb}, {@code 8m}, {@code 1024}). A class not named keeps
 * its value. In a config file or on the command line Cairn also takes a single size, its own older
 * form, as the normal class's hard limit; CONFIG SET refuses it, as Redis does. Refusals are in
 * Redis's words ({@link #parse}).
 */
public record OutputBufferLimits(ClassLimit normal, ClassLimit replica, ClassLimit pubsub) {
    /** Cairn's default: Redis's, except that a normal client is closed past 1 GiB of waiting replies. */
    public static final String DEFAULT_TEXT = "normal 1gb 0 0 replica 256mb 64mb 60 pubsub 32mb 8mb 60";
    public static final OutputBufferLimits DEFAULT = parse(DEFAULT_TEXT,
            new OutputBufferLimits(ClassLimit.NONE, ClassLimit.NONE, ClassLimit.NONE), false);

    /** One class's limits; 0 bytes means no such limit. */
    public record ClassLimit(long hardBytes, long softBytes, long softSeconds) {
        static final ClassLimit NONE = new ClassLimit(0, 0, 0);

        /** The hard limit, or {@code Long.MAX_VALUE} when there is none. */
        public long hardOrMax() {
            return hardBytes == 0 ? Long.MAX_VALUE : hardBytes;
        }
    }

    /**
     * Reads {@code text} over {@code base}: the classes it names change, the others stay.
     *
     * @throws IllegalArgumentException worded as Redis's CONFIG SET refusal ("Wrong number of
     *     arguments in buffer limit configuration.", ...)
     */
    public static OutputBufferLimits parse(String text, OutputBufferLimits base) {
        return parse(text, base, true);
    }

    /**
     * As {@link #parse(String, OutputBufferLimits)}; without {@code singleSize} a lone size is
     * refused, as CONFIG SET refuses it in Redis.
     */
    public static OutputBufferLimits parse(String text, OutputBufferLimits base, boolean singleSize) {
        String[] w = text.strip().isEmpty() ? new String[0] : text.strip().split("\\s+");
        if (w.length == 1 && singleSize) { // Cairn's older single size: the normal class's hard limit
            Long hard = SettingType.RedisNumber.memory(w[0]);
            if (hard == null || hard < 0) {
                throw new IllegalArgumentException("Error in hard, soft or soft_seconds setting in buffer limit configuration.");
            }
            return new OutputBufferLimits(new ClassLimit(hard, base.normal.softBytes, base.normal.softSeconds),
                    base.replica, base.pubsub);
        }
        if (w.length % 4 != 0) {
            throw new IllegalArgumentException("Wrong number of arguments in buffer limit configuration.");
        }
        ClassLimit normal = base.normal;
        ClassLimit replica = base.replica;
        ClassLimit pubsub = base.pubsub;
        for (int i = 0; i < w.length; i += 4) {
            String cls = w[i].toLowerCase(Locale.ROOT);
            if (!cls.equals("normal") && !cls.equals("replica") && !cls.equals("slave") && !cls.equals("pubsub")) {
                throw new IllegalArgumentException("Invalid client class specified in buffer limit configuration.");
            }
            Long hard = SettingType.RedisNumber.memory(w[i + 1]);
            Long soft = SettingType.RedisNumber.memory(w[i + 2]);
            Long seconds = SettingType.RedisNumber.strictLong(w[i + 3]);
            if (hard == null || soft == null || seconds == null || hard < 0 || soft < 0 || seconds < 0) {
                throw new IllegalArgumentException("Error in hard, soft or soft_seconds setting in buffer limit configuration.");
            }
            ClassLimit l = new ClassLimit(hard, soft, seconds);
            switch (cls) {
                case "normal" -> normal = l;
                case "pubsub" -> pubsub = l;
                default -> replica = l;
            }
        }
        return new OutputBufferLimits(normal, replica, pubsub);
    }

    /** As CONFIG GET shows it: every class, in bytes, the replica class named {@code slave} as Redis names it. */
    @Override
    public String toString() {
        return "normal " + text(normal) + " slave " + text(replica) + " pubsub " + text(pubsub);
    }

    private static String text(ClassLimit l) {
        return l.hardBytes + " " + l.softBytes + " " + l.softSeconds;
    }
}
