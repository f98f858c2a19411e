/**
 * Keyspace notifications: {@link io.cairn.server.command.notify.NotifyFlags} reads and prints
 * {@code notify-keyspace-events}; {@link io.cairn.server.command.notify.KeyspaceEvents} works out,
 * from a command's name and the mutations it recorded, which events Redis would publish for it.
 */
package io.cairn.server.command.notify;
