package io.cairn.server.command.server;

import io.cairn.server.ServerContext;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * INFO's fields as a map from name to value, read from the very text INFO sends, for the readers
 * that are not a Redis client: {@code GET /metrics} and the web console. Reading the rendered text
 * rather than the counters behind it keeps them to what INFO says: a field INFO adds or changes
 * (say {@code evicted_keys}) reaches them with no second set of counters to drift. Per-command and
 * keyspace lines (those with {@code a=b,c=d} values) are kept as INFO prints them.
 */
public final class InfoFields {
    private InfoFields() {
    }

    /** The fields of {@code sections} (INFO's words: {@code everything}, {@code stats}, ...). */
    public static Map<String, String> read(ServerContext server, String... sections) {
        String text = Info.render(server, Set.of(sections));
        Map<String, String> out = new HashMap<>();
        for (String line : text.split("\r\n")) {
            int colon = line.indexOf(':');
            if (line.isEmpty() || line.charAt(0) == '#' || colon <= 0) {
                continue;
            }
            out.put(line.substring(0, colon), line.substring(colon + 1));
        }
        return out;
    }
}
