package io.cairn.server.memcached;

/**
 * The keys the memcached protocol accepts: 1 to 250 bytes, as memcached's KEY_MAX_LENGTH, with no
 * control character (memcached's tokenizer lets those through; its protocol says a key has none,
 * and Cairn holds to that).
 */
final class Keys {
    private Keys() {
    }

    static boolean valid(byte[] key) {
        if (key.length == 0 || key.length > MemcachedDecoder.KEY_MAX) {
            return false;
        }
        for (byte b : key) {
            if ((b & 0xFF) < 0x20 || b == 0x7F) {
                return false;
            }
        }
        return true;
    }
}
