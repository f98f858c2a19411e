package io.cairn.server.acl;

/**
 * Why a user may not run a command: the command itself, one of its keys or one of its channels
 * (the argument at {@code argPos}, the command name being 0), or, for the ACL log, a failed
 * authentication.
 */
public record Denial(Reason reason, int argPos) {

    /** As Redis's ACL LOG names them. */
    public enum Reason {
        COMMAND("command"), KEY("key"), CHANNEL("channel"), AUTH("auth");

        public final String word;

        Reason(String word) {
            this.word = word;
        }
    }

    /**
     * The error after {@code NOPERM }, in Redis 7.2's words (server.c rejects with the short form,
     * ACL DRYRUN answers the {@code verbose} one naming the key or channel).
     */
    public String message(String user, String command, String argument, boolean verbose) {
        return switch (reason) {
            case COMMAND -> "User " + user + " has no permissions to run the '" + command + "' command";
            case KEY -> verbose ? "User " + user + " has no permissions to access the '" + argument + "' key"
                    : "No permissions to access a key";
            case CHANNEL -> verbose ? "User " + user + " has no permissions to access the '" + argument + "' channel"
                    : "No permissions to access a channel";
            case AUTH -> "invalid username-password pair or user is disabled.";
        };
    }

    /** EXEC's reason when the rules changed after the command was queued (multi.c). */
    public String execReason() {
        return switch (reason) {
            case COMMAND -> "no permission to execute the command or subcommand";
            case KEY -> "no permission to touch the specified keys";
            case CHANNEL -> "no permission to access one of the channels used as arguments";
            case AUTH -> "no permission";
        };
    }
}
