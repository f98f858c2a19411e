/** Connection commands: PING, ECHO, HELLO, AUTH, SELECT, QUIT, RESET and CLIENT. */
package io.cairn.server.command.connection;
