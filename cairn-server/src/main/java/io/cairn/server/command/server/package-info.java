/** Server commands: INFO, CONFIG, DBSIZE, FLUSH*, TIME, SAVE, BGSAVE, LASTSAVE, SHUTDOWN, DEBUG, COMMAND, OBJECT. */
package io.cairn.server.command.server;
