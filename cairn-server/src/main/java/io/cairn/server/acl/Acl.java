package io.cairn.server.acl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The server's users, by name in sorted order (as ACL LIST shows them), the {@code default} user
 * always among them; the ACL log; the {@code aclfile}. Changes (SETUSER, DELUSER, LOAD, the
 * default user's password through {@code requirepass}) are serialized on this object; lookups
 * and the users' rules are read without a lock. Thread-safe.
 */
public final class Acl {
    public static final String DEFAULT = "default";

    private final AclCommandTable table;
    private final Map<String, AclUser> users = new ConcurrentSkipListMap<>();
    private final AclUser defaultUser;
    private final AclLog log = new AclLog(128);
    private final Path file;
    private final String fileShownAs;
    private volatile boolean authRequired;

    /**
     * @param file        the aclfile resolved, or null when none is configured
     * @param fileShownAs the aclfile as configured, for error messages
     */
    public Acl(AclCommandTable table, Path file, String fileShownAs) {
        this.table = table;
        this.file = file;
        this.fileShownAs = fileShownAs;
        this.defaultUser = new AclUser(DEFAULT, RuleEditor.defaultUser(table));
        users.put(DEFAULT, defaultUser);
        refresh();
    }

    public AclCommandTable table() {
        return table;
    }

    public AclLog log() {
        return log;
    }

    public AclUser defaultUser() {
        return defaultUser;
    }

    /** The user named {@code name}, or null. */
    public AclUser user(String name) {
        return users.get(name);
    }

    /** The users sorted by name. */
    public Collection<AclUser> users() {
        return users.values();
    }

    /**
     * Whether a new connection must authenticate before running commands: the default user has a
     * password or is off (Redis's {@code authRequired}).
     */
    public boolean authRequired() {
        return authRequired;
    }

    /** The user {@code name} if it exists, is on and {@code password} opens it; else null. */
    public AclUser authenticate(String name, byte[] password) {
        AclUser u = users.get(name);
        return u != null && u.rules().accepts(password) ? u : null;
    }

    /** A user's rules before and after a change. */
    public record Change(AclUser user, UserRules before, UserRules after) {
    }

    /** The rule of ACL SETUSER that failed, and why. */
    public static final class SetUserException extends Exception {
        public SetUserException(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * ACL SETUSER: applies every rule to a copy of the user (a new user if there is none) and keeps
     * it only if all of them apply.
     *
     * @throws SetUserException in Redis's words ({@code Error in ACL SETUSER modifier '...': ...})
     */
    public synchronized Change setUser(String name, List<byte[]> rules) throws SetUserException {
        if (RuleEditor.hasSpaces(name)) {
            throw new SetUserException("Usernames can't contain spaces or null characters");
        }
        AclUser existing = users.get(name);
        RuleEditor editor = existing == null ? new RuleEditor(table) : existing.rules().edit(table);
        for (byte[] rule : rules) {
            try {
                editor.apply(rule);
            } catch (AclRuleException e) {
                throw new SetUserException("Error in ACL SETUSER modifier '" + new String(rule, StandardCharsets.UTF_8)
                        + "': " + e.getMessage());
            }
        }
        UserRules after = editor.build();
        AclUser user = existing;
        UserRules before = existing == null ? null : existing.rules();
        if (user == null) {
            user = new AclUser(name, after);
            users.put(name, user);
        } else {
            user.rules(after);
        }
        refresh();
        return new Change(user, before, after);
    }

    /**
     * ACL DELUSER: removes the named users that exist and returns them (their connections are to
     * be closed).
     *
     * @throws IllegalArgumentException when {@code default} is among them (then none is removed)
     */
    public synchronized List<AclUser> deleteUsers(List<String> names) {
        if (names.contains(DEFAULT)) {
            throw new IllegalArgumentException("The 'default' user cannot be removed");
        }
        List<AclUser> removed = new ArrayList<>();
        for (String n : names) {
            AclUser u = users.remove(n);
            if (u != null) {
                u.remove(new RuleEditor(table).build());
                removed.add(u);
            }
        }
        return removed;
    }

    /** {@code requirepass}: the default user's one password, or nopass when empty (Redis's {@code ACLUpdateDefaultUserPassword}). */
    public synchronized void defaultPassword(String password) {
        RuleEditor e = defaultUser.rules().edit(table);
        try {
            e.apply("resetpass");
            e.apply(password.isEmpty() ? "nopass".getBytes(StandardCharsets.UTF_8)
                    : (">" + password).getBytes(StandardCharsets.UTF_8));
        } catch (AclRuleException impossible) {
            throw new IllegalStateException(impossible);
        }
        defaultUser.rules(e.build());
        refresh();
    }

    /** Whether an aclfile is configured (ACL LOAD and SAVE need one). */
    public boolean hasFile() {
        return file != null;
    }

    /**
     * ACL LOAD, and the start: replaces every user with the file's, all or nothing. The default user
     * keeps its identity (its connections stay) and takes the file's rules, or Redis's defaults
     * when the file has none; a user still defined keeps its connections under its new rules.
     *
     * @return the users the file no longer defines (their connections are to be closed), or null
     *         with the errors in {@code errors[0]}
     * @throws IOException when the file cannot be read (a missing file at start counts as empty: see
     *                     {@link #loadAtStart})
     */
    public synchronized List<AclUser> load(String[] errors) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        AclFile.Parsed parsed = AclFile.parse(table, fileShownAs, text);
        if (parsed.errors() != null) {
            errors[0] = parsed.errors();
            return null;
        }
        List<AclUser> removed = new ArrayList<>();
        for (AclUser u : users.values()) {
            if (!u.name().equals(DEFAULT) && !parsed.users().containsKey(u.name())) {
                removed.add(u);
            }
        }
        for (AclUser u : removed) {
            users.remove(u.name());
            u.remove(new RuleEditor(table).build());
        }
        parsed.users().forEach((name, rules) -> {
            AclUser u = users.get(name);
            if (u == null) {
                users.put(name, new AclUser(name, rules));
            } else {
                u.rules(rules);
            }
        });
        if (!parsed.users().containsKey(DEFAULT)) {
            defaultUser.rules(RuleEditor.defaultUser(table));
        }
        refresh();
        return removed;
    }

    /**
     * At startup, after {@code requirepass}: loads the aclfile if one is configured and exists.
     *
     * @throws IllegalStateException with Redis's words when the file has errors
     */
    public void loadAtStart() throws IOException {
        if (file == null) {
            return;
        }
        String[] errors = new String[1];
        try {
            if (load(errors) == null) {
                throw new IllegalStateException("Aborting Cairn startup because of ACL errors: " + errors[0]);
            }
        } catch (NoSuchFileException e) {
            // No file yet: the users are the configured ones until ACL SAVE writes it.
        }
    }

    /** ACL SAVE: writes every user to the aclfile, replacing it atomically. */
    public synchronized void save() throws IOException {
        Map<String, UserRules> all = new LinkedHashMap<>();
        users.forEach((n, u) -> all.put(n, u.rules()));
        AclFile.write(file, AclFile.format(all));
    }

    private void refresh() {
        UserRules d = defaultUser.rules();
        authRequired = !d.nopass() || !d.enabled();
    }
}
