/** String commands (GET, SET and its options, INCR family, APPEND, GETRANGE, SETRANGE, MGET, MSET ...). */
package io.cairn.server.command.string;
