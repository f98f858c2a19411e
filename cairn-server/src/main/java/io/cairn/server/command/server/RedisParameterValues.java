package io.cairn.server.command.server;

import io.cairn.server.RedisParameters;

/**
 * Checks a CONFIG SET value for a {@link RedisParameters} entry as Redis would check its type
 * (a yes/no flag, an integer, {@code save}'s pairs), then applies the entry's rule.
 */
final class RedisParameterValues {
    /** The parameters whose values are sizes, with Redis's units. */
    private static final java.util.Set<RedisParameters> MEMORY = java.util.EnumSet.of(
            RedisParameters.MAXMEMORY_CLIENTS, RedisParameters.STREAM_NODE_MAX_BYTES,
            RedisParameters.CLIENT_QUERY_BUFFER_LIMIT, RedisParameters.REPL_BACKLOG_SIZE,
            RedisParameters.AUTO_AOF_REWRITE_MIN_SIZE);

    private RedisParameterValues() {
    }

    /** Why CONFIG SET refuses {@code text} for {@code p} now holding {@code current}, or null to accept it. */
    static String refusal(RedisParameters p, String text, String current) {
        String def = p.redisDefault;
        if (def.equals("yes") || def.equals("no")) {
            if (!text.equalsIgnoreCase("yes") && !text.equalsIgnoreCase("no")) {
                return "argument must be 'yes' or 'no'";
            }
        } else if (MEMORY.contains(p)) {
            if (!text.matches("(?i)[0-9]+(b|k|kb|m|mb|g|gb)?")) {
                return "argument must be a memory value";
            }
        } else if (!def.isEmpty() && def.chars().allMatch(Character::isDigit) && !text.matches("-?[0-9]+")) {
            return "argument couldn't be parsed into an integer";
        } else if (p == RedisParameters.SAVE && !validSave(text)) {
            return "Invalid save parameters";
        }
        if (p.rule == RedisParameters.SetRule.UNSUPPORTED && !text.equalsIgnoreCase(current)) {
            return "Cairn does not support changing '" + p.name + "' (it stays '" + current + "')";
        }
        return null;
    }

    private static boolean validSave(String text) {
        String[] parts = text.strip().split("\\s+");
        if (text.isBlank()) {
            return true;
        }
        if (parts.length % 2 != 0) {
            return false;
        }
        for (String part : parts) {
            if (!part.matches("[0-9]+")) {
                return false;
            }
        }
        return true;
    }
}
