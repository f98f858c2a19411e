/** Generic key commands (DEL, EXISTS, EXPIRE, SCAN, KEYS, RENAME, COPY, KEYRANGE ...). */
package io.cairn.server.command.keys;
