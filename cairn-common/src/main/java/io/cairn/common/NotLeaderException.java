package io.cairn.common;

/**
 * A write (or a linearizable read) reached a copy of a replicated group that does not lead it.
 * Carries the leader's client address when one is known, so the reply can name it.
 */
public final class NotLeaderException extends CairnException {
    private final String leaderAddress;

    /** @param leaderAddress {@code host:port} of the leader's client port, or null when none is known */
    public NotLeaderException(String leaderAddress) {
        super(leaderAddress == null ? "this replica does not lead its group and no leader is known yet"
                : "this replica does not lead its group; the leader is " + leaderAddress);
        this.leaderAddress = leaderAddress;
    }

    /** {@code host:port} of the leader, or null. */
    public String leaderAddress() {
        return leaderAddress;
    }
}
