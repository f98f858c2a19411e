package io.cairn.cli.load;

/** The command line asks for something impossible; {@code cairn load} prints it with the usage and exits 2. */
final class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
