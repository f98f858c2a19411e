package io.cairn.server.command.server;

import io.cairn.server.command.notify.NotifyFlags;
import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.EncodingSettings;
import io.cairn.server.OutputBufferLimits;
import io.cairn.server.RedisParameters;
import io.cairn.server.ServerConfig;
import io.cairn.server.ServerContext;
import io.cairn.server.SettingType;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Glob;
import io.cairn.storage.engine.Encodings;
import io.cairn.storage.engine.WalMode;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * CONFIG GET and CONFIG SET over {@link ServerConfig.Key}'s table (names and Redis's older
 * aliases), plus the Redis settings that tools ask for. As Redis 7.2: a name without glob
 * characters is looked up exactly, case-insensitively, and answered under the spelling asked; a
 * pattern matches every name and every alias, answered in lower case; CONFIG SET checks every
 * name first (unknown, immutable, given twice), then every value, and changes nothing unless all
 * are good.
 */
final class ConfigCommands {
    private ConfigCommands() {
    }

    /** Every name CONFIG GET knows, with its current value (aliases included). */
    static Map<String, String> settings(ServerContext s) {
        Map<String, String> m = new LinkedHashMap<>();
        ServerConfig cfg = s.config();
        Encodings now = s.store().encodings();
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            String v = EncodingSettings.covers(k) ? EncodingSettings.get(now, k) : cfg.get(k);
            m.put(k.name, v);
            if (k.alias != null) {
                m.put(k.alias, v);
            }
        }
        m.put("requirepass", s.requirepass());
        m.put("maxclients", Integer.toString(s.maxclients()));
        m.put("timeout", Long.toString(s.timeoutSeconds()));
        m.put("notify-keyspace-events", s.notifier().flags().toString());
        m.put("slowlog-log-slower-than", Long.toString(s.slowLog().slowerThan()));
        m.put("slowlog-max-len", Long.toString(s.slowLog().maxLen()));
        m.put("busy-reply-threshold", Long.toString(s.busyReplyThreshold()));
        m.put("lua-time-limit", Long.toString(s.busyReplyThreshold()));
        m.put("port", Integer.toString(s.port()));
        m.put(ServerConfig.Key.CLIENT_OUTPUT_BUFFER_LIMIT.name, s.outputBufferLimits().toString());
        m.put(ServerConfig.Key.LATENCY_MONITOR_THRESHOLD.name, Long.toString(s.latency().threshold()));
        m.put(ServerConfig.Key.TRACKING_TABLE_MAX_KEYS.name, Long.toString(s.tracking().maxKeys()));
        m.put("appendonly", cfg.wal() == WalMode.NONE ? "no" : "yes");
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            if (k.memory()) {
                m.put(k.name, ServerConfig.memorySetting(s.store().memoryLimit(), k));
            }
        }
        m.put("appendfsync", cfg.wal() == WalMode.FSYNC ? "always" : "no");
        for (RedisParameters p : RedisParameters.values()) {
            m.put(p.name, s.redisParameter(p));
        }
        return m;
    }

    static RespValue get(CommandContext c) {
        Map<String, String> all = settings(c.server());
        // Names answered so far, case-insensitively, as Redis's reply dictionary.
        Map<String, RespValue> out = new LinkedHashMap<>();
        Map<String, Boolean> seen = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 2; i < c.argc(); i++) {
            String asked = c.string(i);
            if (asked.chars().noneMatch(ch -> ch == '*' || ch == '?' || ch == '[')) {
                String v = all.get(asked.toLowerCase(Locale.ROOT));
                if (v != null && seen.putIfAbsent(asked, true) == null) {
                    out.put(asked, RespValue.bulk(v));
                }
                continue;
            }
            byte[] pattern = asked.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
            for (Map.Entry<String, String> e : all.entrySet()) {
                if (Glob.matches(pattern, e.getKey().getBytes(StandardCharsets.UTF_8)) && seen.putIfAbsent(e.getKey(), true) == null) {
                    out.put(e.getKey(), RespValue.bulk(e.getValue()));
                }
            }
        }
        List<Map.Entry<RespValue, RespValue>> reply = new ArrayList<>(out.size());
        out.forEach((k, v) -> reply.add(new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk(k), v)));
        return new RespValue.MapReply(reply);
    }

    static RespValue set(CommandContext c) {
        if ((c.argc() - 2) % 2 != 0) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        Map<String, String> known = settings(c.server());
        List<ServerConfig.Key> keys = new ArrayList<>();
        List<String> asked = new ArrayList<>();
        List<String> names = new ArrayList<>(); // every name given, for the duplicate check
        List<Object[]> redisOnly = new ArrayList<>(); // {parameter, index of its value, name as given}
        for (int i = 2; i < c.argc(); i += 2) {
            String name = c.string(i);
            String lower = name.toLowerCase(Locale.ROOT);
            if (!known.containsKey(lower)) {
                throw new InvalidRequestException("ERR Unknown option or number of arguments for CONFIG SET - '" + name + "'");
            }
            ServerConfig.Key k = ServerConfig.Key.of(lower);
            RedisParameters p = RedisParameters.of(lower);
            if (p == null && (k == null || !k.mutable()) || p != null && p.rule == RedisParameters.SetRule.IMMUTABLE) {
                throw failed(name, "can't set immutable config");
            }
            // Redis tells a setting from its alias here: "a 1 alias-of-a 2" is allowed, "a 1 a 2" is not.
            for (String before : names) {
                if (before.equalsIgnoreCase(name)) {
                    throw failed(name, "duplicate parameter");
                }
            }
            names.add(name);
            if (p != null) {
                redisOnly.add(new Object[] {p, i + 1, name});
                continue;
            }
            keys.add(k);
            asked.add(name);
        }
        List<String> redisValues = new ArrayList<>(redisOnly.size());
        for (Object[] r : redisOnly) {
            RedisParameters p = (RedisParameters) r[0];
            String text = c.string((Integer) r[1]);
            String why = RedisParameterValues.refusal(p, text, c.server().redisParameter(p));
            if (why != null) {
                throw failed((String) r[2], why);
            }
            redisValues.add(text);
        }
        Object[] values = new Object[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            ServerConfig.Key k = keys.get(i);
            String text = c.string(3 + 2 * i);
            if (k == ServerConfig.Key.CLIENT_OUTPUT_BUFFER_LIMIT) {
                try {
                    values[i] = OutputBufferLimits.parse(text, c.server().outputBufferLimits(), false);
                } catch (IllegalArgumentException e) {
                    throw failed(asked.get(i), e.getMessage());
                }
                continue;
            }
            if (k.type instanceof SettingType.RedisNumber n) {
                String why = n.refusal(text);
                if (why != null) {
                    throw failed(asked.get(i), why);
                }
            }
            if (k == ServerConfig.Key.MAXMEMORY_POLICY && io.cairn.storage.engine.EvictionPolicy.byName(text) == null) {
                throw failed(asked.get(i), "argument(s) must be one of the following: volatile-lru, volatile-lfu,"
                        + " volatile-random, volatile-ttl, allkeys-lru, allkeys-lfu, allkeys-random, noeviction");
            }
            if (k == ServerConfig.Key.NOTIFY_KEYSPACE_EVENTS) {
                try {
                    values[i] = NotifyFlags.parse(text);
                } catch (InvalidRequestException e) {
                    throw failed(asked.get(i), e.getMessage());
                }
                continue;
            }
            try {
                values[i] = k.parse(text); // the rule of the settings table
            } catch (IllegalArgumentException e) {
                throw failed(asked.get(i), "argument couldn't be parsed into an integer");
            }
        }
        Encodings bounds = c.server().store().encodings();
        io.cairn.storage.engine.MemoryLimit memory = c.server().store().memoryLimit();
        for (int i = 0; i < keys.size(); i++) {
            ServerConfig.Key k = keys.get(i);
            if (k.memory()) {
                memory = ServerConfig.withMemorySetting(memory, k, values[i]);
                continue;
            }
            switch (k) {
                case REQUIREPASS -> c.server().requirepass((String) values[i]);
                case MAXCLIENTS -> c.server().maxclients(((Long) values[i]).intValue());
                case TIMEOUT -> c.server().timeoutSeconds((Long) values[i]);
                case BUSY_REPLY_THRESHOLD -> c.server().busyReplyThreshold((Long) values[i]);
                case NOTIFY_KEYSPACE_EVENTS -> c.server().notifier().flags((NotifyFlags) values[i]);
                case SLOWLOG_LOG_SLOWER_THAN -> c.server().slowLog().slowerThan((Long) values[i]);
                case SLOWLOG_MAX_LEN -> c.server().slowLog().maxLen((Long) values[i]);
                case LATENCY_MONITOR_THRESHOLD -> c.server().latency().threshold((Long) values[i]);
                case TRACKING_TABLE_MAX_KEYS -> c.server().tracking().maxKeys((Long) values[i]);
                case CLIENT_OUTPUT_BUFFER_LIMIT -> c.server().outputBufferLimits((OutputBufferLimits) values[i]);
                default -> bounds = EncodingSettings.with(bounds, k, (Long) values[i]);
            }
        }
        c.server().store().encodings(bounds);
        c.server().store().memoryLimit(memory);
        for (int i = 0; i < redisOnly.size(); i++) {
            c.server().redisParameter((RedisParameters) redisOnly.get(i)[0], redisValues.get(i));
        }
        return RespValue.OK;
    }

    private static InvalidRequestException failed(String name, String why) {
        return new InvalidRequestException("ERR CONFIG SET failed (possibly related to argument '" + name + "') - " + why);
    }
}
