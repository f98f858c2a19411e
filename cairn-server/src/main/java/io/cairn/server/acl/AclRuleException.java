package io.cairn.server.acl;

/** A rule {@link RuleEditor} cannot apply, with Redis's reason ({@code ACLSetUserStringError}). */
public final class AclRuleException extends Exception {
    static final String SYNTAX = "Syntax error";
    static final String UNKNOWN = "Unknown command or category name in ACL";
    static final String KEYS_AFTER_ALL = "Adding a pattern after the * pattern (or the 'allkeys' flag) is not valid "
            + "and does not have any effect. Try 'resetkeys' to start with an empty list of patterns";
    static final String CHANNELS_AFTER_ALL = "Adding a pattern after the * pattern (or the 'allchannels' flag) is not "
            + "valid and does not have any effect. Try 'resetchannels' to start with an empty list of channels";
    static final String NO_SUCH_PASSWORD = "The password you are trying to remove from the user does not exist";
    static final String BAD_HASH = "The password hash must be exactly 64 characters and contain only lowercase "
            + "hexadecimal characters";
    static final String FIRST_ARG_OF_SUBCOMMAND = "Allowing first-arg of a subcommand is not supported";
    static final String SELECTORS = "Selectors are not supported by Cairn";

    private final boolean unknownName;

    AclRuleException(String reason) {
        super(reason, null, false, false);
        this.unknownName = reason.equals(UNKNOWN);
    }

    /** Whether the rule named a command or category that does not exist (the aclfile names the rule then). */
    boolean unknownName() {
        return unknownName;
    }
}
