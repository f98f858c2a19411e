package io.cairn.storage.engine;

/**
 * One physical change to the keyspace, as logged in the WAL and published on the change stream.
 * Mutations are idempotent descriptions of the state after the change (an increment is logged as
 * the value it produced), so replaying a log on a snapshot is deterministic.
 *
 * <p>Byte arrays inside a mutation must not be changed by anyone once it is built.
 */
public sealed interface Mutation {
    byte[] key();

    /** The key now holds a string with this value and expiry (0 for none), whatever it held before. */
    record PutString(byte[] key, byte[] value, long expireAt) implements Mutation {
    }

    /**
     * The key now holds a JSON document with this expiry (0 for none), whatever it held before.
     * {@code document} is the document's stored form ({@code docs/format/document.md}); the engine
     * keeps and logs it without reading it.
     */
    record PutDocument(byte[] key, byte[] document, long expireAt) implements Mutation {
    }

    /** The key was deleted by a command. */
    record Delete(byte[] key) implements Mutation {
    }

    /** The key was removed because its expiry passed. */
    record Expired(byte[] key) implements Mutation {
    }

    /** A hash field was set, creating the hash if the key was absent. */
    record HashPut(byte[] key, byte[] field, byte[] value) implements Mutation {
    }

    /** A hash field was removed; the key goes when its last field does. */
    record HashDelete(byte[] key, byte[] field) implements Mutation {
    }

    /** A sorted-set member now has this score, creating the set if the key was absent. */
    record ZSetPut(byte[] key, byte[] member, double score) implements Mutation {
    }

    /** A sorted-set member was removed; the key goes when its last member does. */
    record ZSetDelete(byte[] key, byte[] member) implements Mutation {
    }

    /** The key's expiry changed; 0 means it no longer expires. */
    record ExpireAt(byte[] key, long expireAt) implements Mutation {
    }

    /**
     * The collection at {@code source} moved to {@code key} (RENAME), replacing what {@code key}
     * held, with its expiry; {@code source} no longer exists. The value is moved, not copied, so
     * this costs O(1) whatever its size. {@link Txn#rename} logs it followed by a {@link Delete}
     * of {@code source}, which changes nothing more but lets a consumer that follows one key per
     * mutation (a watch, a search index) see both keys change. {@code db} is the database of both
     * keys (0 until the store holds several).
     */
    record Rename(int db, byte[] key, byte[] source) implements Mutation {
    }

    /** Every key was removed. */
    record Clear() implements Mutation {
        @Override
        public byte[] key() {
            return null;
        }
    }
}
