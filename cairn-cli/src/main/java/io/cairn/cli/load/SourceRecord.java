package io.cairn.cli.load;

/**
 * One record as a {@link RecordSource} read it: JSON text not yet checked, or the reason it could
 * not be read (too large, not UTF-8, malformed CSV or XML).
 *
 * @param where the place to name in an error: {@code file:line}, {@code file}
 * @param id the id the key gets when no key field is given: the line or row number, or the file
 *     name without its extension
 * @param json UTF-8 JSON text, or null when {@code problem} is set
 * @param problem why the record cannot be loaded, or null
 */
record SourceRecord(String where, String id, byte[] json, String problem) {

    static SourceRecord of(String where, String id, byte[] json) {
        return new SourceRecord(where, id, json, null);
    }

    static SourceRecord bad(String where, String id, String problem) {
        return new SourceRecord(where, id, null, problem);
    }

    static String tooLarge(long size, long max) {
        return "record size: " + size + " bytes (expected: <= " + max + ")";
    }
}
