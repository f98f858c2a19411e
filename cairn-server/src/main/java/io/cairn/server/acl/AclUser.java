package io.cairn.server.acl;

/**
 * A user by name, with its rules now: connections authenticated as it hold this object, so ACL
 * SETUSER's new rules apply to their next command. Thread-safe: the rules are one volatile
 * immutable snapshot.
 */
public final class AclUser {
    private final String name;
    private volatile UserRules rules;

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

    @Override
    public String toString() {
        return "user " + name + " " + rules.describe();
    }
}
