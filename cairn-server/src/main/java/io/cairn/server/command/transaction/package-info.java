/** MULTI, EXEC, DISCARD, WATCH, UNWATCH. EXEC runs the queue as one store transaction and one log record. */
package io.cairn.server.command.transaction;
