package io.cairn.bench.driver;

/** What a protocol (with its server's data model) can do beyond reading and writing whole records. */
public enum Capability {
    /** Update some fields of a record without rewriting the others. */
    FIELD_UPDATE,
    /** Read records in key order from a key on ({@link Command.Scan}). */
    SCAN,
    /** Set one field of a record ({@link Command.SetField}). */
    SET_FIELD,
    /** Counters ({@link Command.Increment}). */
    INCREMENT,
    /** Any command of the Redis protocol, sent as it is ({@link Command.Call}). */
    RESP_COMMANDS
}
