/**
 * Scripting as Redis has it: {@code EVAL}/{@code EVALSHA} and their read-only forms, the script
 * cache ({@code SCRIPT LOAD|EXISTS|FLUSH}), and Lua 5.1 (LuaJ) with Redis's {@code redis.*} API,
 * sandbox and value conversions. A script runs inside one store transaction, so its writes are
 * atomic and are logged as one batch of the physical changes it made, never as the script.
 */
package io.cairn.server.command.script;
