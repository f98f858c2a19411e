package io.cairn.bench.driver.iproto;

/**
 * The IPROTO constants the bench uses, as Tarantool 2.x defines them ({@code iproto_constants.h};
 * see the binary protocol page of Tarantool's documentation). The frame layout is drawn in
 * {@code package-info.java}.
 */
public final class IprotoFormat {
    private IprotoFormat() {
    }

    /** Bytes of the greeting the server sends on connect: two 64-byte lines. */
    public static final int GREETING_BYTES = 128;
    /** The bytes of a request's length prefix as the bench writes it: 0xce and a uint32. */
    public static final int LENGTH_PREFIX_BYTES = 5;

    // Request types (header key REQUEST_TYPE).
    public static final int SELECT = 0x01;
    public static final int INSERT = 0x02;
    public static final int REPLACE = 0x03;
    public static final int UPDATE = 0x04;
    public static final int DELETE = 0x05;
    public static final int EVAL = 0x08;
    public static final int UPSERT = 0x09;
    /** CALL in the 1.7+ form: the reply's DATA is the array of the function's return values. */
    public static final int CALL = 0x0a;
    public static final int PING = 0x40;

    // Reply codes (header key REQUEST_TYPE, in a reply).
    public static final int OK = 0x00;
    /** An out-of-band push (box.session.push) ahead of the final reply with the same sync. */
    public static final int CHUNK = 0x80;
    /** Set in an error reply's code; the low bits are Tarantool's error code. */
    public static final int ERROR_FLAG = 0x8000;

    // Header keys.
    public static final int REQUEST_TYPE = 0x00;
    public static final int SYNC = 0x01;
    public static final int SCHEMA_VERSION = 0x05;

    // Body keys.
    public static final int SPACE_ID = 0x10;
    public static final int INDEX_ID = 0x11;
    public static final int LIMIT = 0x12;
    public static final int OFFSET = 0x13;
    public static final int ITERATOR = 0x14;
    /** Whether update operations number fields from 0 (the default over IPROTO) or from 1. */
    public static final int INDEX_BASE = 0x15;
    public static final int KEY = 0x20;
    /** The tuple of INSERT, REPLACE and UPSERT; the operations of UPDATE; the arguments of CALL. */
    public static final int TUPLE = 0x21;
    public static final int FUNCTION_NAME = 0x22;
    public static final int EXPR = 0x27;
    /** The operations of UPSERT. */
    public static final int OPS = 0x28;
    public static final int DATA = 0x30;
    /** The error message as a string (IPROTO_ERROR_24; 2.4+ also sends a map under 0x52). */
    public static final int ERROR = 0x31;

    // Iterator types (body key ITERATOR).
    public static final int ITERATOR_EQ = 0;
    public static final int ITERATOR_ALL = 2;
    public static final int ITERATOR_GE = 5;
    public static final int ITERATOR_GT = 6;
}
