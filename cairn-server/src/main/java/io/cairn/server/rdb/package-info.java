/**
 * Redis's serialization of values, the RDB encoding that DUMP, RESTORE and FUNCTION DUMP carry:
 * {@link RdbFormat} (type bytes, versions, the payload's footer), {@link RdbInput} and
 * {@link RdbOutput} (lengths, strings, doubles), the blobs values nest inside it
 * ({@link ListpackCodec}, {@link IntsetCodec}, and for reading only {@link ZiplistReader} and
 * {@link ZipmapReader}), streams' nodes, groups and PELs ({@link StreamCodec}), {@link Lzf},
 * {@link Crc64}, and {@link DumpPayload}, a whole value to and from its payload ({@link DumpValue}).
 * Pure byte codecs: no engine, no command layer. Every length read is checked against the bytes
 * left before anything is allocated. Spec: {@code docs/format/dump-restore.md}.
 */
package io.cairn.server.rdb;
