/**
 * Pub/sub as Redis 7.2 has it: channels, glob patterns and shard channels, their commands
 * ({@link io.cairn.server.command.pubsub.PubSubCommands}) and the server-wide
 * {@link io.cairn.server.command.pubsub.SubscriptionRegistry} with each client's
 * {@link io.cairn.server.command.pubsub.ClientSubscriptions}. A publish hands one immutable message
 * to each receiver's {@link io.cairn.server.command.pubsub.Subscriber} (its connection, which
 * writes it on its own event loop and enforces the {@code pubsub} output limit), so a publisher
 * never waits for a subscriber. Nothing here touches the store, sockets or Netty.
 */
package io.cairn.server.command.pubsub;
