package io.cairn.server.command.pubsub;

import io.cairn.resp.RespValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One client's subscriptions: its channels, patterns and shard channels, and the {@link Subscriber}
 * its messages go to. Changed only on the client's own thread (its event loop), through the
 * {@link SubscriptionRegistry}; the counts may be read from any thread (CLIENT LIST, INFO).
 */
public final class ClientSubscriptions {
    private static final Subscriber NOWHERE = (m, wanted) -> { };

    private final Map<Kind, Set<ByteBuffer>> names = new EnumMap<>(Kind.class);
    private volatile int channels;
    private volatile int patterns;
    private volatile int shardChannels;
    private volatile Subscriber subscriber = NOWHERE;

    public ClientSubscriptions() {
        for (Kind k : Kind.values()) {
            names.put(k, new LinkedHashSet<>());
        }
    }

    /** Sends this client's messages to {@code s} from now on (its connection, once it is open). */
    public void deliverTo(Subscriber s) {
        this.subscriber = s;
    }

    Subscriber subscriber() {
        return subscriber;
    }

    /** Channels subscribed (SUBSCRIBE). */
    public int channels() {
        return channels;
    }

    /** Patterns subscribed (PSUBSCRIBE). */
    public int patterns() {
        return patterns;
    }

    /** Shard channels subscribed (SSUBSCRIBE). */
    public int shardChannels() {
        return shardChannels;
    }

    /**
     * Whether the client has any subscription: Redis's pub/sub client, whose output limits are the
     * {@code pubsub} class's and which, in RESP2, may run only the subscription commands.
     */
    public boolean subscribed() {
        return channels + patterns + shardChannels > 0;
    }

    /**
     * Whether every subscription passes {@code ok}, given its kind and name (ACL SETUSER's check of
     * a user's subscribers). Call on the client's own thread.
     */
    public boolean all(java.util.function.BiPredicate<Kind, byte[]> ok) {
        for (Map.Entry<Kind, Set<ByteBuffer>> e : names.entrySet()) {
            for (ByteBuffer b : e.getValue()) {
                byte[] name = new byte[b.remaining()];
                b.duplicate().get(name);
                if (!ok.test(e.getKey(), name)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The count a confirmation of {@code kind} reports: channels and patterns, or shard channels. */
    int count(Kind kind) {
        return kind == Kind.SHARD ? shardChannels : channels + patterns;
    }

    boolean has(Kind kind, ByteBuffer name) {
        return names.get(kind).contains(name);
    }

    /** The names of {@code kind} in subscription order, a copy. */
    List<ByteBuffer> names(Kind kind) {
        return new ArrayList<>(names.get(kind));
    }

    boolean add(Kind kind, ByteBuffer name) {
        boolean added = names.get(kind).add(name);
        recount(kind);
        return added;
    }

    boolean remove(Kind kind, ByteBuffer name) {
        boolean removed = names.get(kind).remove(name);
        recount(kind);
        return removed;
    }

    private void recount(Kind kind) {
        int n = names.get(kind).size();
        switch (kind) {
            case CHANNEL -> channels = n;
            case PATTERN -> patterns = n;
            case SHARD -> shardChannels = n;
        }
    }

    /** A confirmation: {@code subscribe}/{@code unsubscribe}..., the name (or null), the count after it. */
    RespValue.PushReply confirmation(Kind kind, boolean subscribe, ByteBuffer name) {
        RespValue n = name == null ? RespValue.NULL : RespValue.bulk(SubscriptionRegistry.bytes(name));
        return new RespValue.PushReply(List.of(subscribe ? kind.subscribed : kind.unsubscribed, n,
                RespValue.integer(count(kind))));
    }
}
