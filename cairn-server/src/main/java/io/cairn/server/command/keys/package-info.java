/**
 * Generic key commands (DEL, EXISTS, EXPIRE, SCAN, KEYS, RENAME, COPY, KEYRANGE, DUMP, RESTORE ...).
 * DUMP and RESTORE ({@code DumpRestore}, {@code StoredValues}) use the codec of {@code io.cairn.server.rdb}.
 */
package io.cairn.server.command.keys;
