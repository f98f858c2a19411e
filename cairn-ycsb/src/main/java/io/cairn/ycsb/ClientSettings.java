package io.cairn.ycsb;

import java.util.Properties;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;

/**
 * Where and how a {@link CairnClient} connects, read from YCSB's properties ({@code -p name=value}
 * on the command line or a {@code -P} file). Immutable.
 *
 * @param password the AUTH password, or {@code null} to send no AUTH
 * @param timeoutMillis the connect timeout and the timeout of each reply
 */
record ClientSettings(String host, int port, String password, int timeoutMillis) {

    /** Each property: its name, its default and what it means. */
    enum Key {
        HOST("cairn.host", "127.0.0.1", "server host name or address"),
        PORT("cairn.port", "6379", "server port"),
        PASSWORD("cairn.password", "", "password sent with AUTH on connect; empty sends no AUTH"),
        TIMEOUT("cairn.timeout", "2000", "connect and reply timeout in milliseconds");

        final String property;
        final String defaultValue;
        final String doc;

        Key(String property, String defaultValue, String doc) {
            this.property = property;
            this.defaultValue = defaultValue;
            this.doc = doc;
        }

        String in(Properties properties) {
            return properties.getProperty(property, defaultValue).strip();
        }
    }

    /**
     * The settings in {@code properties}, defaults for those missing.
     *
     * @throws IllegalArgumentException naming the property, its value and what was expected
     */
    static ClientSettings from(Properties properties) {
        String host = Key.HOST.in(properties);
        if (host.isEmpty()) {
            throw new IllegalArgumentException(Key.HOST.property + ": \"\" (expected: a host name or address)");
        }
        int port = integer(properties, Key.PORT, 1, 65_535);
        String password = Key.PASSWORD.in(properties);
        int timeout = integer(properties, Key.TIMEOUT, 1, Integer.MAX_VALUE);
        return new ClientSettings(host, port, password.isEmpty() ? null : password, timeout);
    }

    HostAndPort address() {
        return new HostAndPort(host, port);
    }

    JedisClientConfig jedisConfig() {
        return DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(timeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .password(password)
                .build();
    }

    private static int integer(Properties properties, Key key, int min, int max) {
        String text = key.in(properties);
        try {
            int value = Integer.parseInt(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below, with the range
        }
        String expected = max == Integer.MAX_VALUE ? "an integer >= " + min : "an integer in " + min + ".." + max;
        throw new IllegalArgumentException(key.property + ": " + text + " (expected: " + expected + ")");
    }
}
