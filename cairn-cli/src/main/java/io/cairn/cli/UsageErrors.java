package io.cairn.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * How every {@code cairn} command reports a wrong command line, for picocli's parse errors and the
 * {@link ParameterException}s a command throws when it checks its values: one line
 * {@code "<command>: <what is wrong>"} on stderr in the shape {@code "name: value (expected: rule)"},
 * then the command's synopsis and where its options are listed. Exit status 2.
 *
 * <p>A converter says only what it expected ({@link CommandLine.TypeConversionException}'s
 * message, such as {@code "a whole number"}); the option's name and the value are added here.
 * Any other exception carries its whole message. Stateless.
 */
public final class UsageErrors implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        CommandSpec spec = cmd.getCommandSpec();
        PrintWriter err = cmd.getErr();
        err.println(spec.qualifiedName() + ": " + message(ex));
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            err.println("did you mean " + String.join(" or ", u.getSuggestions()) + "?");
        }
        CommandLine.Help help = cmd.getHelp();
        err.print(help.synopsisHeading() + help.synopsis(help.synopsisHeadingLength()));
        err.println("'" + spec.qualifiedName() + " --help' lists " + (spec.subcommands().isEmpty()
                ? "every option with its default" : "the commands"));
        err.flush();
        return spec.exitCodeOnInvalidInput();
    }

    /** The line that says what is wrong, without the command's name. */
    public static String message(ParameterException ex) {
        return switch (ex) {
            case CommandLine.UnmatchedArgumentException u -> unmatched(u);
            case CommandLine.MissingParameterException m -> missing(m);
            default -> {
                Throwable cause = ex.getCause();
                if (cause instanceof CommandLine.TypeConversionException t && ex.getArgSpec() != null) {
                    yield name(ex.getArgSpec()) + ": " + ex.getValue() + " (expected: " + t.getMessage() + ")";
                }
                yield cause != null && cause.getMessage() != null && ex.getArgSpec() != null
                        ? cause.getMessage() : ex.getMessage();
            }
        };
    }

    private static String unmatched(CommandLine.UnmatchedArgumentException u) {
        CommandSpec spec = u.getCommandLine().getCommandSpec();
        String arg = u.getUnmatched().isEmpty() ? "" : u.getUnmatched().getFirst();
        if (!spec.subcommands().isEmpty() && !arg.startsWith("-")) {
            return "unknown command '" + arg + "' (expected one of: "
                    + String.join(", ", spec.subcommands().keySet()) + ")";
        }
        if (arg.startsWith("-") && arg.length() > 1) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            return "unknown option " + name + " (expected one of: " + optionNames(spec) + ")";
        }
        return "unexpected argument: " + arg + " (expected: --<option> <value>)";
    }

    private static String missing(CommandLine.MissingParameterException m) {
        List<ArgSpec> missing = m.getMissing();
        if (missing == null || missing.isEmpty()) {
            return m.getMessage();
        }
        ArgSpec a = missing.getFirst();
        boolean requiredOption = m.getMessage().startsWith("Missing required option");
        return a.isOption() && !requiredOption ? name(a) + " needs a value" : name(a) + " is missing";
    }

    /** The options a user may give, longest names, in declaration order (help options left out). */
    private static String optionNames(CommandSpec spec) {
        return spec.options().stream().filter(o -> !o.usageHelp() && !o.versionHelp() && !o.hidden())
                .map(OptionSpec::longestName).collect(Collectors.joining(", "));
    }

    private static String name(ArgSpec a) {
        return a instanceof OptionSpec o ? o.longestName() : a.paramLabel();
    }
}
