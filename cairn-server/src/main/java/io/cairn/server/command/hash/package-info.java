/** Hash commands (HSET, HGET, HGETALL, HINCRBY, HSCAN, HRANDFIELD ...). */
package io.cairn.server.command.hash;
