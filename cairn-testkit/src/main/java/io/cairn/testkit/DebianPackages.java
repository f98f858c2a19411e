package io.cairn.testkit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when this machine lacks a Debian package it needs (a peer such as
 * {@code redis-server}, PostgreSQL, a dictionary's word list): it is skipped, and the reason,
 * naming the package and how to install it, is printed to stderr once per JVM, so the build log
 * says why (Surefire's summary only counts skips). The suite therefore passes on a machine with
 * nothing but a JDK and Maven.
 *
 * <p>Under {@code CI=true} a missing package fails the test instead: {@code .ci/run} installs
 * every package the tests use before it runs them, so there a missing one is a broken CI script,
 * not a bare machine. Stateless but for the set of reasons already printed; thread-safe.
 */
public final class DebianPackages {
    /** How to get every package the tests use, in one command. */
    public static final String INSTALL_ALL = ".ci/run installs every package the tests use (./cairn bench peers install the benchmark peers)";

    private static final Set<String> PRINTED = ConcurrentHashMap.newKeySet();

    private DebianPackages() {
    }

    /**
     * Skips the calling test unless {@code installed}.
     *
     * @param pkg the Debian package that provides what is missing, e.g. {@code redis-server}
     * @param what what the test needs of it, e.g. {@code /usr/bin/redis-server}
     */
    public static void assumeInstalled(boolean installed, String pkg, String what) {
        if (!installed) {
            skip(what + " not installed: it comes with the Debian package " + pkg
                    + " (apt-get install " + pkg + "; " + INSTALL_ALL + ")");
        }
    }

    /**
     * Skips the calling test for {@code reason}, which must name the missing package and how to
     * install it, printing it the first time; fails it under {@code CI=true}.
     */
    public static void skip(String reason) {
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(reason + " [CI=true, where .ci/run should have installed it]");
        }
        if (PRINTED.add(reason)) {
            System.err.println("[cairn] skipping the tests that need it: " + reason);
        }
        Assumptions.abort(reason);
    }
}
