package io.cairn.bench.run;

import java.util.Locale;

/** How clients drive their connections. */
public enum ClientModel {
    /** One connection per client, one request in flight: send, wait for the reply, repeat. */
    SYNC,
    /**
     * Many logical synchronous clients share a few connections; each connection writes whatever
     * its clients have queued in one flush and hands replies back in order, so requests from
     * different clients are batched on the wire (how Lettuce and most async drivers work).
     */
    MULTIPLEXED,
    /** One connection per client, which sends D requests, then reads the D replies. */
    PIPELINE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ClientModel parse(String s) {
        for (ClientModel m : values()) {
            if (m.label().equals(s.trim().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("model: " + s + " (expected: sync, multiplexed or pipeline)");
    }
}
