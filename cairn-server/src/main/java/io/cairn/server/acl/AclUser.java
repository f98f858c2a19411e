package io.cairn.server.acl;

/**
 * A user by name, with its rules now: connections authenticated as it hold this object, so ACL
 * SETUSER's new rules apply to their next command. Thread-safe: the rules are one volatile
 * immutable snapshot.
 */
public final class AclUser {
    private final String name;
    private volatile UserRules rules;
    private volatile boolean removed;

    AclUser(String name, UserRules rules) {
        this.name = name;
        this.rules = rules;
    }

    public String name() {
        return name;
    }

    public UserRules rules() {
        return rules;
    }

    void rules(UserRules r) {
        this.rules = r;
    }

    /**
     * Whether ACL DELUSER or ACL LOAD removed it: its connections are closed, and one that sends a
     * command before its close took effect is closed instead of answered.
     */
    public boolean removed() {
        return removed;
    }

    /** Removes it: no rights at all (so the dispatcher's check catches it), and {@link #removed}. */
    void remove(UserRules none) {
        this.rules = none;
        this.removed = true;
    }

    @Override
    public String toString() {
        return "user " + name + " " + rules.describe();
    }
}
