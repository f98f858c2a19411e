package io.cairn.server.command.pubsub;

import io.cairn.resp.RespValue;

/**
 * The three kinds of subscription, with the words Redis uses for them in confirmations and
 * messages. A client's count in a confirmation is of channels and patterns together for the first
 * two kinds, of shard channels alone for the third, as in Redis.
 */
public enum Kind {
    CHANNEL("subscribe", "unsubscribe", "message"),
    PATTERN("psubscribe", "punsubscribe", "pmessage"),
    SHARD("ssubscribe", "sunsubscribe", "smessage");

    final RespValue subscribed;
    final RespValue unsubscribed;
    final RespValue message;

    Kind(String subscribed, String unsubscribed, String message) {
        this.subscribed = RespValue.bulk(subscribed);
        this.unsubscribed = RespValue.bulk(unsubscribed);
        this.message = RespValue.bulk(message);
    }
}
