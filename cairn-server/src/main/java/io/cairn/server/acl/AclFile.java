package io.cairn.server.acl;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code aclfile} in Redis's format ({@code docs/format/aclfile.md}): one {@code user <name>
 * <rule> ...} line per user, the rules split on single spaces as ACL SETUSER takes them. Reading
 * is all or nothing, with Redis's error text; writing replaces the file atomically (a temporary
 * file, fsync, rename, fsync of the directory). Stateless.
 */
public final class AclFile {
    private AclFile() {
    }

    /** What a file held: the users in file order, or the errors that made Redis reject it. */
    public record Parsed(Map<String, UserRules> users, String errors) {
    }

    /**
     * Parses {@code text}; {@code shownName} is the file as the errors name it (the configured
     * {@code aclfile}).
     */
    public static Parsed parse(AclCommandTable table, String shownName, String text) {
        Map<String, UserRules> users = new LinkedHashMap<>();
        StringBuilder errors = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = strip(lines[i], " \t\r\n");
            if (line.isEmpty()) {
                continue;
            }
            String[] argv = line.split(" ", -1);
            if (!argv[0].equals("user") || argv.length < 2) {
                errors.append(shownName).append(':').append(lineNo)
                        .append(" should start with user keyword followed by the username. ");
                continue;
            }
            String name = argv[1];
            if (RuleEditor.hasSpaces(name)) {
                errors.append('\'').append(shownName).append(':').append(lineNo).append(": username '").append(name)
                        .append("' contains invalid characters. ");
                continue;
            }
            if (users.containsKey(name)) {
                errors.append("WARNING: Duplicate user '").append(name).append("' found on line ").append(lineNo)
                        .append(". ");
                continue;
            }
            RuleEditor editor = new RuleEditor(table);
            boolean syntaxError = false;
            for (int j = 2; j < argv.length; j++) {
                String op = strip(argv[j], "\t\r\n");
                try {
                    editor.apply(op);
                } catch (AclRuleException e) {
                    if (e.unknownName()) {
                        errors.append(shownName).append(':').append(lineNo).append(": Error in applying operation '")
                                .append(op).append("': ").append(e.getMessage()).append(". ");
                    } else if (!syntaxError) {
                        errors.append(shownName).append(':').append(lineNo).append(": ").append(e.getMessage())
                                .append(". ");
                        syntaxError = true;
                    }
                }
            }
            users.put(name, editor.build());
        }
        if (!errors.isEmpty()) {
            errors.append("WARNING: ACL errors detected, no change to the previously active ACL rules was performed");
            return new Parsed(Map.of(), errors.toString());
        }
        return new Parsed(users, null);
    }

    /** The file's text for {@code users} (in the order given: Redis writes them sorted by name). */
    public static String format(Map<String, UserRules> users) {
        StringBuilder sb = new StringBuilder();
        users.forEach((name, rules) -> sb.append("user ").append(name).append(' ').append(rules.describe()).append('\n'));
        return sb.toString();
    }

    /** Replaces {@code file} with {@code text}, durably. */
    public static void write(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = dir.resolve(file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                d.force(true);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String strip(String s, String chars) {
        int b = 0;
        int e = s.length();
        while (b < e && chars.indexOf(s.charAt(b)) >= 0) {
            b++;
        }
        while (e > b && chars.indexOf(s.charAt(e - 1)) >= 0) {
            e--;
        }
        return s.substring(b, e);
    }
}
