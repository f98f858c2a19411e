package io.cairn.server.command.server;

import io.cairn.resp.RespValue;
import io.cairn.server.CommandLatency;
import io.cairn.server.CommandStats;
import io.cairn.server.LatencyMonitor;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.common.InvalidRequestException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * LATENCY: the latency monitor's events (LATEST, HISTORY, RESET, GRAPH, DOCTOR) and the
 * per-command latency histograms (HISTOGRAM), in Redis's reply shapes. See {@link LatencyMonitor}.
 */
final class LatencyCommands {
    private LatencyCommands() {
    }

    static void register(Commands.Registrar r) {
        r.server("latency|latest", c -> {
            List<RespValue> out = new ArrayList<>();
            for (LatencyMonitor.Latest l : c.server().latency().latest()) {
                out.add(RespValue.array(List.of(RespValue.bulk(l.event()), RespValue.integer(l.second()),
                        RespValue.integer(l.millis()), RespValue.integer(l.max()))));
            }
            return RespValue.array(out);
        });
        r.server("latency|history", c -> {
            List<RespValue> out = new ArrayList<>();
            for (long[] sample : c.server().latency().history(c.string(2))) {
                out.add(RespValue.array(List.of(RespValue.integer(sample[0]), RespValue.integer(sample[1]))));
            }
            return RespValue.array(out);
        });
        r.server("latency|reset", c -> {
            List<String> names = new ArrayList<>();
            for (int i = 2; i < c.argc(); i++) {
                names.add(c.string(i));
            }
            return RespValue.integer(c.server().latency().reset(names));
        });
        r.server("latency|graph", c -> {
            String event = c.string(2);
            List<long[]> samples = c.server().latency().history(event);
            if (samples.isEmpty()) {
                throw new InvalidRequestException("ERR No samples available for event '" + event + "'");
            }
            String text = LatencyReports.graph(event, samples, c.server().latency().max(event), System.currentTimeMillis() / 1000);
            return verbatim(c, text);
        });
        r.server("latency|doctor", c -> verbatim(c, LatencyReports.doctor(c.server().latency())));
        r.server("latency|histogram", LatencyCommands::histogram);
        r.server("latency|help", c -> help("LATENCY", List.of(
                "DOCTOR",
                "    A report, in words, of the events the monitor kept and what may cause them.",
                "GRAPH <event>",
                "    The samples of <event> drawn as a chart of text.",
                "HISTORY <event>",
                "    The samples of <event>: pairs of unix time and milliseconds.",
                "LATEST",
                "    Each event's newest sample and its highest ever.",
                "RESET [<event> ...]",
                "    Forgets the samples of the events named, or of every event.",
                "HISTOGRAM [COMMAND ...]",
                "    Per command, its calls and their latencies as a cumulative distribution;",
                "    every command that ran when none is named.")));
    }

    private static RespValue histogram(CommandContext c) {
        CommandStats stats = c.server().commandStats();
        Map<String, CommandStats.Row> rows = stats.rows();
        List<Map.Entry<RespValue, RespValue>> out = new ArrayList<>();
        if (c.argc() == 2) {
            rows.forEach((name, row) -> add(out, name, row));
        } else {
            for (int i = 2; i < c.argc(); i++) {
                String asked = c.string(i).toLowerCase(Locale.ROOT);
                CommandStats.Row row = rows.get(asked);
                if (row != null) {
                    add(out, asked, row);
                }
                if (!asked.contains("|")) { // a container: each of its subcommands that ran
                    rows.forEach((name, sub) -> {
                        if (name.startsWith(asked + "|")) {
                            add(out, name, sub);
                        }
                    });
                }
            }
        }
        return new RespValue.MapReply(out);
    }

    private static void add(List<Map.Entry<RespValue, RespValue>> out, String name, CommandStats.Row row) {
        CommandLatency h = row.latency();
        if (h.count() == 0) {
            return;
        }
        List<Map.Entry<RespValue, RespValue>> buckets = new ArrayList<>();
        for (long[] b : h.cumulativeMicros()) {
            buckets.add(entry(RespValue.integer(b[0]), RespValue.integer(b[1])));
        }
        out.add(entry(RespValue.bulk(name), new RespValue.MapReply(List.of(
                entry(RespValue.bulk("calls"), RespValue.integer(h.count())),
                entry(RespValue.bulk("histogram_usec"), new RespValue.MapReply(buckets))))));
    }

    private static Map.Entry<RespValue, RespValue> entry(RespValue k, RespValue v) {
        return new AbstractMap.SimpleImmutableEntry<>(k, v);
    }

    static RespValue verbatim(CommandContext c, String text) {
        return c.session().protocol() == 3 ? new RespValue.VerbatimString("txt", text) : RespValue.bulk(text);
    }

    /** A HELP reply in Redis's shape: a first line naming the command, the lines, then HELP itself. */
    static RespValue help(String command, List<String> lines) {
        List<RespValue> out = new ArrayList<>();
        out.add(RespValue.simple(command + " <subcommand> [<arg> [value] [opt] ...]. Subcommands are:"));
        for (String l : lines) {
            out.add(RespValue.simple(l));
        }
        out.add(RespValue.simple("HELP"));
        out.add(RespValue.simple("    Prints this help."));
        return RespValue.array(out);
    }
}
