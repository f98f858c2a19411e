package io.cairn.server.command.pubsub;

import io.cairn.resp.RespValue;
import io.cairn.server.command.Glob;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who listens to what, server-wide: for each kind ({@link Kind}) a map from channel or pattern to
 * its subscribers, and the fan-out of a publish. Thread-safe: a client subscribes on its own event
 * loop while others publish from theirs.
 *
 * <p>Delivery never waits: {@link #publish} hands each receiver the one shared, immutable message
 * through its {@link Subscriber}, which sends it on the receiver's own thread. The count returned
 * is of the receivers found when the maps were read; a subscription made or dropped while a
 * publish runs may or may not see that message (a client that unsubscribed meanwhile drops it
 * before sending), which a single-threaded Redis never shows but no client can tell from a race.
 * A client subscribed to a channel and to a pattern that matches it receives the message twice and
 * counts twice, as in Redis.
 */
public final class SubscriptionRegistry {
    private final Map<Kind, Map<ByteBuffer, Set<ClientSubscriptions>>> byKind = new EnumMap<>(Kind.class);

    public SubscriptionRegistry() {
        for (Kind k : Kind.values()) {
            byKind.put(k, new ConcurrentHashMap<>());
        }
    }

    /**
     * Subscribes {@code client} (on its own thread) and returns the confirmation Redis sends:
     * {@code subscribe}, the name, the client's count after it. Subscribing twice changes nothing.
     */
    public RespValue.PushReply subscribe(ClientSubscriptions client, Kind kind, byte[] name) {
        ByteBuffer key = ByteBuffer.wrap(name.clone());
        if (client.add(kind, key)) {
            byKind.get(kind).compute(key, (k, set) -> { // in compute: a drop of the last other client cannot orphan it
                Set<ClientSubscriptions> s = set == null ? ConcurrentHashMap.newKeySet() : set;
                s.add(client);
                return s;
            });
        }
        return client.confirmation(kind, true, key);
    }

    /** Unsubscribes {@code client} from one name (subscribed or not) and returns the confirmation. */
    public RespValue.PushReply unsubscribe(ClientSubscriptions client, Kind kind, byte[] name) {
        ByteBuffer key = ByteBuffer.wrap(name.clone());
        drop(client, kind, key);
        return client.confirmation(kind, false, key);
    }

    /**
     * Unsubscribes {@code client} from every name of {@code kind}, one confirmation each in
     * subscription order; from none, the one confirmation Redis sends then, with a null name.
     */
    public List<RespValue> unsubscribeAll(ClientSubscriptions client, Kind kind) {
        List<ByteBuffer> names = client.names(kind);
        if (names.isEmpty()) {
            return List.of(client.confirmation(kind, false, null));
        }
        List<RespValue> replies = new ArrayList<>(names.size());
        for (ByteBuffer name : names) {
            drop(client, kind, name);
            replies.add(client.confirmation(kind, false, name));
        }
        return replies;
    }

    /** Drops every subscription of {@code client} without a word (RESET, disconnect). */
    public void dropAll(ClientSubscriptions client) {
        for (Kind k : Kind.values()) {
            for (ByteBuffer name : client.names(k)) {
                drop(client, k, name);
            }
        }
    }

    private void drop(ClientSubscriptions client, Kind kind, ByteBuffer key) {
        if (client.remove(kind, key)) {
            byKind.get(kind).computeIfPresent(key, (k, set) -> {
                set.remove(client);
                return set.isEmpty() ? null : set;
            });
        }
    }

    /**
     * PUBLISH: sends {@code message} to the subscribers of {@code channel} and of every pattern
     * that matches it; returns how many deliveries were handed over.
     */
    public long publish(byte[] channel, byte[] message) {
        RespValue ch = RespValue.bulk(channel);
        RespValue payload = RespValue.bulk(message);
        ByteBuffer key = ByteBuffer.wrap(channel);
        long receivers = deliver(Kind.CHANNEL, key, new RespValue.PushReply(List.of(Kind.CHANNEL.message, ch, payload)));
        for (Map.Entry<ByteBuffer, Set<ClientSubscriptions>> e : byKind.get(Kind.PATTERN).entrySet()) {
            byte[] pattern = bytes(e.getKey());
            if (Glob.matches(pattern, channel)) {
                RespValue.PushReply m = new RespValue.PushReply(List.of(Kind.PATTERN.message, RespValue.bulk(pattern), ch,
                        payload));
                receivers += deliver(e.getValue(), Kind.PATTERN, e.getKey(), m);
            }
        }
        return receivers;
    }

    /** SPUBLISH: sends {@code message} to the subscribers of shard channel {@code channel}. */
    public long spublish(byte[] channel, byte[] message) {
        return deliver(Kind.SHARD, ByteBuffer.wrap(channel), new RespValue.PushReply(List.of(Kind.SHARD.message,
                RespValue.bulk(channel), RespValue.bulk(message))));
    }

    private long deliver(Kind kind, ByteBuffer key, RespValue.PushReply m) {
        Set<ClientSubscriptions> subs = byKind.get(kind).get(key);
        return subs == null ? 0 : deliver(subs, kind, key, m);
    }

    private static long deliver(Set<ClientSubscriptions> subs, Kind kind, ByteBuffer key, RespValue.PushReply m) {
        long n = 0;
        for (ClientSubscriptions c : subs) {
            c.subscriber().push(m, () -> c.has(kind, key));
            n++;
        }
        return n;
    }

    /** PUBSUB CHANNELS / SHARDCHANNELS: the names with subscribers, matching {@code pattern} unless null. */
    public List<byte[]> active(Kind kind, byte[] pattern) {
        List<byte[]> out = new ArrayList<>();
        for (ByteBuffer name : byKind.get(kind).keySet()) {
            byte[] b = bytes(name);
            if (pattern == null || Glob.matches(pattern, b)) {
                out.add(b);
            }
        }
        return out;
    }

    /** PUBSUB NUMSUB / SHARDNUMSUB: the subscribers of one channel. */
    public long subscribers(Kind kind, byte[] name) {
        Set<ClientSubscriptions> subs = byKind.get(kind).get(ByteBuffer.wrap(name));
        return subs == null ? 0 : subs.size();
    }

    /** How many names of {@code kind} have subscribers (PUBSUB NUMPAT for patterns, INFO's pubsub_*). */
    public long count(Kind kind) {
        return byKind.get(kind).size();
    }

    static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
