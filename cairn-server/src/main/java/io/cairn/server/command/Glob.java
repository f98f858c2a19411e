package io.cairn.server.command;

/**
 * Redis's glob-style pattern matching (KEYS, SCAN MATCH): {@code *}, {@code ?}, {@code [abc]},
 * {@code [^a]}, {@code [a-z]} and {@code \} escapes, over raw bytes. Stateless.
 */
public final class Glob {
    private Glob() {
    }

    public static boolean matches(byte[] pattern, byte[] s) {
        return match(pattern, 0, s, 0, 0);
    }

    private static boolean match(byte[] p, int pi, byte[] s, int si, int depth) {
        if (depth > 1000) {
            return false; // pathological pattern; Redis caps recursion the same way
        }
        while (pi < p.length) {
            byte c = p[pi];
            switch (c) {
                case '*' -> {
                    while (pi + 1 < p.length && p[pi + 1] == '*') {
                        pi++;
                    }
                    if (pi + 1 == p.length) {
                        return true;
                    }
                    for (int k = si; k <= s.length; k++) {
                        if (match(p, pi + 1, s, k, depth + 1)) {
                            return true;
                        }
                    }
                    return false;
                }
                case '?' -> {
                    if (si >= s.length) {
                        return false;
                    }
                    si++;
                    pi++;
                }
                case '[' -> {
                    if (si >= s.length) {
                        return false;
                    }
                    pi++;
                    boolean not = pi < p.length && p[pi] == '^';
                    if (not) {
                        pi++;
                    }
                    boolean found = false;
                    while (pi < p.length && p[pi] != ']') {
                        if (p[pi] == '\\' && pi + 1 < p.length) {
                            pi++;
                            found |= p[pi] == s[si];
                            pi++;
                        } else if (pi + 2 < p.length && p[pi + 1] == '-' && p[pi + 2] != ']') {
                            int lo = p[pi] & 0xFF;
                            int hi = p[pi + 2] & 0xFF;
                            if (lo > hi) {
                                int t = lo;
                                lo = hi;
                                hi = t;
                            }
                            int ch = s[si] & 0xFF;
                            found |= ch >= lo && ch <= hi;
                            pi += 3;
                        } else {
                            found |= p[pi] == s[si];
                            pi++;
                        }
                    }
                    if (pi < p.length) {
                        pi++; // skip ']'
                    }
                    if (found == not) {
                        return false;
                    }
                    si++;
                }
                case '\\' -> {
                    if (pi + 1 < p.length) {
                        pi++;
                    }
                    if (si >= s.length || p[pi] != s[si]) {
                        return false;
                    }
                    pi++;
                    si++;
                }
                default -> {
                    if (si >= s.length || c != s[si]) {
                        return false;
                    }
                    pi++;
                    si++;
                }
            }
        }
        return si == s.length;
    }
}
