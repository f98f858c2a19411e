package io.cairn.storage.engine;

/**
 * Applies the stream mutations to a {@link Keyspace}, for {@link MutationApplier}: the one path of
 * live writes and of replay. A change that does not fit the state (an entry not after the last
 * ID, a group change on a stream without that group) is a log this store did not write, and
 * throws {@link IllegalStateException}, which replay reports as corruption.
 */
final class StreamMutations {
    private StreamMutations() {
    }

    static void apply(Keyspace ks, Mutation m) {
        switch (m) {
            case Mutation.StreamAdd a -> stream(ks, a.key(), true).add(a.id(), a.fieldsAndValues());
            case Mutation.StreamTrim x -> stream(ks, x.key(), false).trimHead(x.count(), ks.cow);
            case Mutation.StreamDelete d -> stream(ks, d.key(), false).delete(d.ids(), ks.cow);
            case Mutation.StreamSetId x -> {
                StreamEntry s = stream(ks, x.key(), true);
                s.lastId = x.lastId();
                s.entriesAdded = x.entriesAdded();
                s.maxDeletedId = x.maxDeletedId();
            }
            case Mutation.StreamGroupPut g -> stream(ks, g.key(), false).putGroup(g.group(), g.lastDelivered(),
                    g.entriesRead());
            case Mutation.StreamGroupDelete g -> {
                if (!stream(ks, g.key(), false).removeGroup(g.group())) {
                    throw new IllegalStateException("no such group to destroy");
                }
            }
            case Mutation.StreamConsumerPut c -> group(ks, c.key(), c.group()).putConsumer(c.consumer(),
                    c.seenTime(), c.activeTime());
            case Mutation.StreamConsumerDelete c -> group(ks, c.key(), c.group()).removeConsumer(c.consumer());
            case Mutation.StreamClaim c -> {
                if (c.ids().length != c.deliveryCounts().length) {
                    throw new IllegalStateException("claim: " + c.ids().length + " IDs, "
                            + c.deliveryCounts().length + " delivery counts");
                }
                StreamEntry.Group g = group(ks, c.key(), c.group());
                for (int i = 0; i < c.ids().length; i++) {
                    g.claim(c.ids()[i], c.consumer(), c.deliveryTime(), c.deliveryCounts()[i]);
                }
            }
            case Mutation.StreamAck a -> {
                StreamEntry.Group g = group(ks, a.key(), a.group());
                for (StreamId id : a.ids()) {
                    g.ack(id);
                }
            }
            default -> throw new IllegalArgumentException("not a stream mutation: " + m);
        }
    }

    /** The stream at {@code key} made writable; created when absent and {@code create}. */
    private static StreamEntry stream(Keyspace ks, byte[] key, boolean create) {
        Object e = ks.get(key);
        if (e == null && create) {
            StreamEntry s = new StreamEntry(key.clone(), 0, ks.tree.epoch());
            ks.put(s);
            return s;
        }
        if (e instanceof StreamEntry s) {
            return ks.mutable(s);
        }
        throw new IllegalStateException("stream change on a " + EntryKeys.typeOf(e).redisName() + " key");
    }

    private static StreamEntry.Group group(Keyspace ks, byte[] key, byte[] group) {
        StreamEntry.Group g = stream(ks, key, false).writableGroup(group);
        if (g == null) {
            throw new IllegalStateException("stream change of a group that does not exist");
        }
        return g;
    }
}
