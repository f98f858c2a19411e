package io.cairn.bench.driver.iproto;

/** The MessagePack type families, as {@link MsgPackReader#nextType()} reports them. */
public enum MsgPackType {
    NIL, BOOLEAN, INTEGER, FLOAT, STRING, BINARY, ARRAY, MAP, EXTENSION
}
