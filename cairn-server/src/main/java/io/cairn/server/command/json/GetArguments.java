package io.cairn.server.command.json;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.json.JsonFormat;
import io.cairn.document.path.JsonPath;
import io.cairn.server.command.CommandContext;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@code JSON.GET key [INDENT s] [NEWLINE s] [SPACE s] [NOESCAPE] [FORMAT f]
 * [path ...]}, read as RedisJSON reads them: options and paths may come in any order, a word that
 * is an option name in any letter case is that option (so a path named {@code space} must be
 * written {@code $.space} or {@code .space}), {@code NOESCAPE} is accepted and ignored, and an
 * option without its value is the wrong-arity error.
 *
 * <p>{@code FORMAT} (RESP3 only in RedisJSON) accepts only {@code STRING}, the default;
 * {@code EXPAND} and {@code EXPAND1} are not supported yet.
 *
 * @param paths the paths in order; empty means the legacy root
 */
record GetArguments(JsonFormat format, List<JsonPath> paths) {

    static GetArguments parse(CommandContext c) {
        JsonFormat format = JsonFormat.COMPACT;
        List<JsonPath> paths = new ArrayList<>();
        for (int i = 2; i < c.argc(); i++) {
            String word = c.option(i);
            switch (word) {
                case "INDENT" -> format = format.withIndent(value(c, ++i));
                case "NEWLINE" -> format = format.withNewline(value(c, ++i));
                case "SPACE" -> format = format.withSpace(value(c, ++i));
                case "NOESCAPE" -> {
                }
                case "FORMAT" -> {
                    if (c.session().protocol() == 2) {
                        throw new InvalidRequestException("ERR FORMAT argument is not supported on RESP2");
                    }
                    String f = value(c, ++i);
                    if (!f.equalsIgnoreCase("STRING")) {
                        throw new InvalidRequestException("ERR FORMAT " + f + " is not supported by Cairn (expected: STRING)");
                    }
                }
                default -> paths.add(JsonCommands.path(c, i));
            }
        }
        return new GetArguments(format, paths);
    }

    private static String value(CommandContext c, int i) {
        if (i >= c.argc()) {
            throw JsonCommands.wrongArity(c);
        }
        return c.string(i);
    }
}
