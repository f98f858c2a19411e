/** Sorted-set commands (ZADD and its flags, the ZRANGE family by rank, score and lex, ZPOP, ZSCAN ...). */
package io.cairn.server.command.zset;
