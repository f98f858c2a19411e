package io.cairn.server.acl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Applies ACL rules to a working copy of a user's rules, one rule at a time, in Redis 7.2's
 * meaning (acl.c {@code ACLSetUser} and {@code ACLSetSelector}): {@code on off nopass resetpass
 * >pw <pw #hash !hash reset}, {@code +cmd -cmd +cmd|sub +@cat -@cat allcommands nocommands},
 * {@code ~pattern %R~ %W~ %RW~ allkeys resetkeys}, {@code &pattern allchannels resetchannels}.
 * Selectors ({@code (...)}) are refused; {@code clearselectors} does nothing. The command rules
 * are kept as given, after dropping an earlier rule for the same command (or one of its
 * subcommands), which is how ACL GETUSER shows them. Not thread-safe: one editor per SETUSER.
 */
public final class RuleEditor {
    private final AclCommandTable table;
    boolean enabled;
    boolean nopass;
    boolean skipSanitize;
    final List<String> passwords;
    final long[] allowed;
    boolean allCommands;
    boolean futureCommands;
    final Map<Integer, List<String>> firstArgs;
    final List<String> commandRules;
    boolean allKeys;
    final List<KeyPattern> keys;
    boolean allChannels;
    final List<String> channels;

    /** A new user as ACL SETUSER creates it: off, no password, no commands, keys or channels. */
    public RuleEditor(AclCommandTable table) {
        this.table = table;
        this.passwords = new ArrayList<>();
        this.allowed = new long[(table.size() + 63) / 64];
        this.firstArgs = new HashMap<>();
        this.commandRules = new ArrayList<>();
        this.keys = new ArrayList<>();
        this.channels = new ArrayList<>();
    }

    RuleEditor(AclCommandTable table, UserRules from) {
        this.table = table;
        this.enabled = from.enabled;
        this.nopass = from.nopass;
        this.skipSanitize = from.skipSanitize;
        this.passwords = new ArrayList<>(from.passwords);
        this.allowed = from.allowed.clone();
        this.allCommands = from.allCommands;
        this.futureCommands = from.futureCommands;
        this.firstArgs = new HashMap<>();
        from.firstArgs.forEach((k, v) -> firstArgs.put(k, new ArrayList<>(v)));
        this.commandRules = new ArrayList<>(from.commandRules);
        this.allKeys = from.allKeys;
        this.keys = new ArrayList<>(from.keys);
        this.allChannels = from.allChannels;
        this.channels = new ArrayList<>(from.channels);
    }

    /** The default user as Redis creates it: {@code on nopass ~* &* +@all}. */
    public static UserRules defaultUser(AclCommandTable table) {
        RuleEditor e = new RuleEditor(table);
        try {
            e.apply("+@all");
            e.apply("~*");
            e.apply("&*");
            e.apply("on");
            e.apply("nopass");
        } catch (AclRuleException impossible) {
            throw new IllegalStateException(impossible);
        }
        return e.build();
    }

    public UserRules build() {
        return new UserRules(this);
    }

    /** Applies {@code rule} as text (the aclfile, tests). */
    public RuleEditor apply(String rule) throws AclRuleException {
        return apply(rule.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Applies one rule; on an error the editor may be half changed, so the caller drops it (ACL
     * SETUSER keeps the user as it was).
     *
     * @throws AclRuleException with Redis's reason
     */
    public RuleEditor apply(byte[] raw) throws AclRuleException {
        if (raw.length == 0) {
            return this; // an empty rule does nothing, as in Redis
        }
        String op = new String(raw, StandardCharsets.UTF_8);
        String lower = op.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "on" -> enabled = true;
            case "off" -> enabled = false;
            case "skip-sanitize-payload" -> skipSanitize = true;
            case "sanitize-payload" -> skipSanitize = false;
            case "nopass" -> {
                nopass = true;
                passwords.clear();
            }
            case "resetpass" -> {
                nopass = false;
                passwords.clear();
            }
            case "clearselectors" -> {
            }
            case "reset" -> {
                apply("resetpass");
                apply("resetkeys");
                apply("resetchannels");
                apply("off");
                apply("sanitize-payload");
                apply("-@all");
            }
            default -> {
                char c = op.charAt(0);
                if (c == '>' || c == '#') {
                    String hash = c == '>' ? PasswordHash.hex(Arrays.copyOfRange(raw, 1, raw.length)) : op.substring(1);
                    if (c == '#' && !PasswordHash.valid(hash)) {
                        throw new AclRuleException(AclRuleException.BAD_HASH);
                    }
                    if (!passwords.contains(hash)) {
                        passwords.add(hash);
                    }
                    nopass = false;
                } else if (c == '<' || c == '!') {
                    String hash = c == '<' ? PasswordHash.hex(Arrays.copyOfRange(raw, 1, raw.length)) : op.substring(1);
                    if (c == '!' && !PasswordHash.valid(hash)) {
                        throw new AclRuleException(AclRuleException.BAD_HASH);
                    }
                    if (!passwords.remove(hash)) {
                        throw new AclRuleException(AclRuleException.NO_SUCH_PASSWORD);
                    }
                } else if (c == '(' && op.endsWith(")")) {
                    throw new AclRuleException(AclRuleException.SELECTORS);
                } else {
                    selector(op, lower);
                }
            }
        }
        return this;
    }

    private void selector(String op, String lower) throws AclRuleException {
        switch (lower) {
            case "allkeys", "~*" -> {
                allKeys = true;
                keys.clear();
                return;
            }
            case "resetkeys" -> {
                allKeys = false;
                keys.clear();
                return;
            }
            case "allchannels", "&*" -> {
                allChannels = true;
                channels.clear();
                return;
            }
            case "resetchannels" -> {
                allChannels = false;
                channels.clear();
                return;
            }
            case "allcommands", "+@all" -> {
                Arrays.fill(allowed, -1L);
                allCommands = true;
                futureCommands = true;
                commandRules.clear();
                firstArgs.clear();
                return;
            }
            case "nocommands", "-@all" -> {
                Arrays.fill(allowed, 0L);
                allCommands = false;
                futureCommands = false;
                commandRules.clear();
                firstArgs.clear();
                return;
            }
            default -> {
            }
        }
        char c = op.charAt(0);
        if (c == '~' || c == '%') {
            keyPattern(op);
        } else if (c == '&') {
            if (allChannels) {
                throw new AclRuleException(AclRuleException.CHANNELS_AFTER_ALL);
            }
            String p = op.substring(1);
            if (hasSpaces(p)) {
                throw new AclRuleException(AclRuleException.SYNTAX);
            }
            if (!channels.contains(p)) {
                channels.add(p);
            }
        } else if ((c == '+' || c == '-') && op.length() > 1 && op.charAt(1) == '@') {
            String category = lower.substring(2);
            BitSet ids = table.expanded(category);
            if (ids == null) {
                throw new AclRuleException(AclRuleException.UNKNOWN);
            }
            updateRules(lower.substring(1), c == '+');
            ids.stream().forEach(id -> {
                setBit(id, c == '+');
                firstArgs.remove(id);
            });
        } else if (c == '+') {
            allow(op.substring(1));
        } else if (c == '-') {
            int id = table.id(op.substring(1));
            if (id < 0) {
                throw new AclRuleException(AclRuleException.UNKNOWN);
            }
            changePerm(id, false);
            updateRules(table.spec(id).name(), false);
        } else {
            throw new AclRuleException(AclRuleException.SYNTAX);
        }
    }

    private void allow(String name) throws AclRuleException {
        int bar = name.lastIndexOf('|');
        if (bar < 0) {
            int id = table.id(name);
            if (id < 0 || table.parent(id) >= 0) {
                throw new AclRuleException(AclRuleException.UNKNOWN);
            }
            changePerm(id, true);
            updateRules(table.spec(id).name(), true);
            return;
        }
        String container = name.substring(0, bar);
        String sub = name.substring(bar + 1);
        int id = table.id(container);
        if (id < 0) {
            throw new AclRuleException(AclRuleException.UNKNOWN);
        }
        if (table.parent(id) >= 0) {
            throw new AclRuleException(AclRuleException.FIRST_ARG_OF_SUBCOMMAND);
        }
        if (sub.isEmpty()) {
            throw new AclRuleException(AclRuleException.SYNTAX);
        }
        if (table.subcommands(id).length > 0) {
            int subId = table.id(name);
            if (subId < 0) {
                throw new AclRuleException(AclRuleException.UNKNOWN);
            }
            changePerm(subId, true);
        } else {
            // +select|0: a first argument of a command that is otherwise refused (Redis warns it is deprecated)
            List<String> args = firstArgs.computeIfAbsent(id, k -> new ArrayList<>());
            if (args.stream().noneMatch(a -> a.equalsIgnoreCase(sub))) {
                args.add(sub);
            }
        }
        updateRules(name.toLowerCase(Locale.ROOT), true);
    }

    private void keyPattern(String op) throws AclRuleException {
        if (allKeys) {
            throw new AclRuleException(AclRuleException.KEYS_AFTER_ALL);
        }
        int flags = 0;
        int offset = 1;
        if (op.charAt(0) == '%') {
            boolean closed = false;
            for (; offset < op.length(); offset++) {
                char ch = Character.toUpperCase(op.charAt(offset));
                if (ch == 'R' && (flags & KeyPattern.READ) == 0) {
                    flags |= KeyPattern.READ;
                } else if (ch == 'W' && (flags & KeyPattern.WRITE) == 0) {
                    flags |= KeyPattern.WRITE;
                } else if (op.charAt(offset) == '~' && flags != 0) {
                    offset++;
                    closed = true;
                    break;
                } else {
                    throw new AclRuleException(AclRuleException.SYNTAX);
                }
            }
            if (!closed) {
                throw new AclRuleException(AclRuleException.SYNTAX);
            }
        } else {
            flags = KeyPattern.ALL;
        }
        String p = op.substring(offset);
        if (hasSpaces(p)) {
            throw new AclRuleException(AclRuleException.SYNTAX);
        }
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).pattern().equals(p)) {
                keys.set(i, new KeyPattern(p, keys.get(i).flags() | flags));
                return;
            }
        }
        keys.add(new KeyPattern(p, flags));
    }

    /** Allows or refuses a command and, for a container, every subcommand (acl.c {@code ACLChangeSelectorPerm}). */
    private void changePerm(int id, boolean allow) {
        setBit(id, allow);
        firstArgs.remove(id);
        for (int sub : table.subcommands(id)) {
            setBit(sub, allow);
        }
    }

    private void setBit(int id, boolean value) {
        if (value) {
            allowed[id >>> 6] |= 1L << id;
        } else {
            allowed[id >>> 6] &= ~(1L << id);
            allCommands = false;
        }
    }

    /** Drops earlier rules for the same command (or its subcommands), then appends this one. */
    private void updateRules(String name, boolean allow) {
        commandRules.removeIf(r -> {
            String existing = r.substring(1);
            return existing.equals(name) || existing.startsWith(name + "|");
        });
        commandRules.add((allow ? "+" : "-") + name);
    }

    /** Redis's {@code ACLStringHasSpaces}: a space-like character or a NUL. */
    static boolean hasSpaces(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == 0x0b || ch == '\f' || ch == 0) {
                return true;
            }
        }
        return false;
    }
}
