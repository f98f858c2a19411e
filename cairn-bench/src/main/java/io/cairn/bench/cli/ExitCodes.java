package io.cairn.bench.cli;

import io.cairn.bench.corpus.MissingWordListException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * How a bench command's failure becomes its exit code, the same for every command: a bad value
 * (an {@link IllegalArgumentException} from a check) is a usage error that picocli words with the
 * synopsis (exit 2); I/O failures and missing word lists are printed with the command's name
 * (exit 1); an interrupt exits 130, as a shell does for SIGINT. Stateless.
 */
final class ExitCodes {
    /** A command's body: its exit code, or one of the failures above. */
    @FunctionalInterface
    interface Body {
        int run() throws IOException, InterruptedException;
    }

    private ExitCodes() {
    }

    static int run(CommandSpec spec, PrintStream err, Body body) {
        try {
            return body.run();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (IOException | UncheckedIOException | MissingWordListException e) {
            err.println(spec.qualifiedName() + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(spec.qualifiedName() + ": interrupted");
            return 130;
        }
    }
}
