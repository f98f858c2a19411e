package io.cairn.server.acl;

import io.cairn.server.command.Glob;
import io.cairn.resp.CommandKeys;
import io.cairn.resp.CommandSpec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One user's rules at one moment, as {@link RuleEditor} left them: its flags, password hashes,
 * command bits, key and channel patterns. Immutable, so a connection checks its commands against
 * one consistent snapshot while ACL SETUSER builds the next; thread-safe.
 *
 * <p>A user with every command, every key and every channel ({@code +@all ~* &*}, the default user)
 * is {@link #unrestricted()}: the dispatcher then checks nothing else.
 */
public final class UserRules {
    final boolean enabled;
    final boolean nopass;
    final boolean skipSanitize;
    final List<String> passwords;
    final long[] allowed;
    final boolean allCommands;
    final boolean futureCommands;
    final Map<Integer, List<String>> firstArgs;
    final List<String> commandRules;
    final boolean allKeys;
    final List<KeyPattern> keys;
    final boolean allChannels;
    final List<String> channels;
    /** The channel patterns as UTF-8, matched against a channel's bytes. */
    private final List<byte[]> channelBytes;
    private final boolean unrestricted;

    UserRules(RuleEditor e) {
        this.enabled = e.enabled;
        this.nopass = e.nopass;
        this.skipSanitize = e.skipSanitize;
        this.passwords = List.copyOf(e.passwords);
        this.allowed = e.allowed.clone();
        this.allCommands = e.allCommands;
        this.futureCommands = e.futureCommands;
        Map<Integer, List<String>> fa = new java.util.HashMap<>();
        e.firstArgs.forEach((k, v) -> fa.put(k, List.copyOf(v)));
        this.firstArgs = Map.copyOf(fa);
        this.commandRules = List.copyOf(e.commandRules);
        this.allKeys = e.allKeys;
        this.keys = List.copyOf(e.keys);
        this.allChannels = e.allChannels;
        this.channels = List.copyOf(e.channels);
        this.channelBytes = channels.stream().map(c -> c.getBytes(StandardCharsets.UTF_8)).toList();
        this.unrestricted = allCommands && allKeys && allChannels;
    }

    /** A copy to change: ACL SETUSER applies its rules to it and keeps it only if all of them apply. */
    public RuleEditor edit(AclCommandTable table) {
        return new RuleEditor(table, this);
    }

    /** Every command, key and channel: nothing to check. */
    public boolean unrestricted() {
        return unrestricted;
    }

    public boolean enabled() {
        return enabled;
    }

    /** Every channel ({@code &*}). */
    public boolean allChannels() {
        return allChannels;
    }

    /** The channel patterns, without their {@code &}. */
    public List<String> channels() {
        return channels;
    }

    public boolean nopass() {
        return nopass;
    }

    /** The SHA-256 hashes of the passwords, in lower-case hex, in the order they were added. */
    public List<String> passwords() {
        return passwords;
    }

    /** Whether {@code password} opens this user: it is on, and nopass or one of its hashes matches. */
    public boolean accepts(byte[] password) {
        if (!enabled) {
            return false;
        }
        if (nopass) {
            return true;
        }
        byte[] hash = PasswordHash.hex(password).getBytes(StandardCharsets.US_ASCII);
        boolean ok = false;
        for (String p : passwords) {
            ok |= java.security.MessageDigest.isEqual(hash, p.getBytes(StandardCharsets.US_ASCII));
        }
        return ok;
    }

    /**
     * Whether this user may run command {@code id} with {@code args} (its name first, a
     * subcommand's container name first): null if so, else what is refused, checked in Redis's
     * order: the command (a command flagged {@code no_auth} always passes), its keys by the access
     * their key specs ask for, then its channels.
     */
    public Denial check(AclCommandTable table, int id, byte[][] args) {
        if (unrestricted) {
            return null;
        }
        CommandSpec spec = table.spec(id);
        if (!allCommands && !allowed(id) && !spec.flags().contains("no_auth")) {
            List<String> allowedFirst = firstArgs.get(id);
            int idx = table.parent(id) >= 0 ? 2 : 1;
            if (allowedFirst == null || args.length <= idx || !containsIgnoreCase(allowedFirst, args[idx])) {
                return new Denial(Denial.Reason.COMMAND, 0);
            }
        }
        if (!allKeys && table.hasKeys(id)) {
            for (CommandKeys.KeyRef k : CommandKeys.find(spec, args)) {
                if (!keyAllowed(args[k.position()], k.flags())) {
                    return new Denial(Denial.Reason.KEY, k.position());
                }
            }
        }
        if (!allChannels) {
            switch (table.channels(id)) {
                case NONE -> {
                }
                case FIRST -> {
                    if (!channelAllowed(args[1], false)) {
                        return new Denial(Denial.Reason.CHANNEL, 1);
                    }
                }
                case ALL, ALL_PATTERNS -> {
                    boolean patterns = table.channels(id) == AclCommandTable.Channels.ALL_PATTERNS;
                    for (int i = 1; i < args.length; i++) {
                        if (!channelAllowed(args[i], patterns)) {
                            return new Denial(Denial.Reason.CHANNEL, i);
                        }
                    }
                }
            }
        }
        return null;
    }

    boolean allowed(int id) {
        return (allowed[id >>> 6] & (1L << id)) != 0;
    }

    /**
     * Whether every key may be read: {@code allkeys}, or a pattern {@code *} that reads, as acl.c's
     * {@code ACLSelectorHasUnrestrictedKeyAccess}. SORT's BY (with a pattern) and GET need it, since
     * the keys they read are known only as they run.
     */
    public boolean readsEveryKey() {
        if (allKeys) {
            return true;
        }
        for (KeyPattern p : keys) {
            if ((p.flags() & KeyPattern.READ) != 0 && p.pattern().equals("*")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a key with the key spec {@code flags} is allowed: a pattern granting what they ask
     * ({@code access} reads; {@code insert}, {@code update}, {@code delete} write; neither: any
     * pattern) matches it, as acl.c's {@code ACLSelectorCheckKey}.
     */
    boolean keyAllowed(byte[] key, java.util.Set<String> flags) {
        if (allKeys) {
            return true;
        }
        int need = 0;
        if (flags.contains("access")) {
            need |= KeyPattern.READ;
        }
        if (flags.contains("insert") || flags.contains("update") || flags.contains("delete")) {
            need |= KeyPattern.WRITE;
        }
        for (KeyPattern p : keys) {
            if ((p.flags() & need) == need && Glob.matches(p.bytes(), key)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a channel is allowed: a channel name matches a pattern of the user as a glob; a
     * PSUBSCRIBE pattern ({@code isPattern}) must equal one of them literally.
     */
    public boolean channelAllowed(byte[] channel, boolean isPattern) {
        if (allChannels) {
            return true;
        }
        for (byte[] p : channelBytes) {
            if (isPattern ? Arrays.equals(p, channel) : Glob.matches(p, channel)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsIgnoreCase(List<String> list, byte[] arg) {
        String s = new String(arg, StandardCharsets.UTF_8);
        for (String a : list) {
            if (a.equalsIgnoreCase(s)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- descriptions (ACL LIST, GETUSER)

    /** The flags, in Redis's order: {@code on}/{@code off}, {@code nopass}, the payload sanitizing one. */
    public List<String> flags() {
        java.util.ArrayList<String> f = new java.util.ArrayList<>();
        f.add(enabled ? "on" : "off");
        if (nopass) {
            f.add("nopass");
        }
        f.add(skipSanitize ? "skip-sanitize-payload" : "sanitize-payload");
        return f;
    }

    /** GETUSER's {@code commands}: {@code +@all} or {@code -@all}, then the rules as given (Redis 7.2 keeps them). */
    public String commandsDescription() {
        StringBuilder sb = new StringBuilder(futureCommands ? "+@all" : "-@all");
        for (String r : commandRules) {
            sb.append(' ').append(r);
        }
        return sb.toString();
    }

    /** GETUSER's {@code keys}: {@code ~*}, or the patterns separated by spaces. */
    public String keysDescription() {
        if (allKeys) {
            return "~*";
        }
        StringBuilder sb = new StringBuilder();
        for (KeyPattern k : keys) {
            sb.append(sb.isEmpty() ? "" : " ").append(k.describe());
        }
        return sb.toString();
    }

    /** GETUSER's {@code channels}: {@code &*}, or the patterns separated by spaces. */
    public String channelsDescription() {
        if (allChannels) {
            return "&*";
        }
        StringBuilder sb = new StringBuilder();
        for (String c : channels) {
            sb.append(sb.isEmpty() ? "" : " ").append('&').append(c);
        }
        return sb.toString();
    }

    /** The user's rules as ACL LIST and the aclfile write them (after {@code user <name> }). */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (String f : flags()) {
            sb.append(f).append(' ');
        }
        for (String p : passwords) {
            sb.append('#').append(p).append(' ');
        }
        if (allKeys) {
            sb.append("~* ");
        } else {
            for (KeyPattern k : keys) {
                sb.append(k.describe()).append(' ');
            }
        }
        if (allChannels) {
            sb.append("&* ");
        } else {
            sb.append("resetchannels ");
            for (String c : channels) {
                sb.append('&').append(c).append(' ');
            }
        }
        sb.append(commandsDescription());
        return sb.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
