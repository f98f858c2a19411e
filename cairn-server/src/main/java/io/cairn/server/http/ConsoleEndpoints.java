package io.cairn.server.http;

import io.cairn.document.json.JsonWriter;
import io.cairn.resp.RespValue;
import io.cairn.server.ServerContext;
import io.cairn.server.acl.AclUser;
import io.cairn.server.command.AclGate;
import io.cairn.storage.engine.Txn;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * The web console's JSON API, read-only:
 *
 * <pre>
 * GET /console/api/stats                                  ConsoleStats: one sample for the charts
 * GET /console/api/keys?match=&amp;type=&amp;cursor=&amp;count=&amp;db=   SCAN, with each key's type and TTL
 * GET /console/api/key/{key}?db=                          TYPE, PTTL, the size (STRLEN, HLEN, ...; null for a
 *                                                         JSON document) and the value (its first elements)
 * GET /console/api/slowlog                                SLOWLOG GET 128
 * GET /console/api/config                                 CONFIG GET * (passwords shown as "(set)")
 * </pre>
 *
 * Everything the data says is read by running commands ({@link ConsoleCommands}), so the console
 * answers what a client would; only a listed key's type and expiry come from one engine read of
 * the whole page. A command's error reply is a 400 with its words. Thread-safe; each call on the
 * connection's event loop.
 */
final class ConsoleEndpoints {
    static final String PREFIX = "/console/api/";
    /** Elements of a collection shown, and bytes of a string. */
    static final int SHOWN = 100;
    static final int STRING_BYTES = 4096;
    private static final Set<String> SECRETS = Set.of("requirepass", "masterauth");

    private final ServerContext server;
    private final ConsoleStats stats;

    ConsoleEndpoints(ServerContext server) {
        this.server = server;
        this.stats = new ConsoleStats(server);
    }

    CompletableFuture<ApiResponse> stats() {
        return CompletableFuture.completedFuture(ApiResponse.of(HttpResponseStatus.OK, stats.sample()));
    }

    CompletableFuture<ApiResponse> keys(Map<String, String> q, Channel channel) {
        int db = db(q);
        String cursor = q.getOrDefault("cursor", "0");
        if (cursor.isEmpty() || !cursor.chars().allMatch(Character::isDigit)) {
            throw ApiException.badRequest("cursor: " + cursor + " (expected: the cursor a previous page returned, or 0)");
        }
        int count = number(q, "count", SHOWN, 1, 1000);
        List<String> args = new ArrayList<>(List.of("SCAN", cursor, "MATCH", q.getOrDefault("match", "*"),
                "COUNT", Integer.toString(count)));
        String type = q.getOrDefault("type", "");
        if (!type.isEmpty()) {
            args.add("TYPE");
            args.add(type);
        }
        return new ConsoleCommands(server, channel, db).run(args.toArray(String[]::new)).thenApply(reply -> {
            List<RespValue> page = items(reply);
            List<RespValue> names = items(page.get(1));
            List<byte[]> keys = new ArrayList<>(names.size());
            for (RespValue n : names) {
                keys.add(((RespValue.BulkString) n).value());
            }
            long now = System.currentTimeMillis();
            // SCAN names every key, as Redis's; a type and a TTL only where the user may ask TYPE and PTTL
            AclUser user = channel.attr(ConsoleCommands.USER).get();
            boolean[] hidden = new boolean[keys.size()];
            for (int i = 0; user != null && !user.rules().unrestricted() && i < keys.size(); i++) {
                byte[] key = keys.get(i);
                hidden[i] = AclGate.refusalFor(server, user, bytes("TYPE", key)) != null
                        || AclGate.refusalFor(server, user, bytes("PTTL", key)) != null;
            }
            StringBuilder sb = new StringBuilder("{\"cursor\":");
            JsonWriter.writeString(RespValue.textOf(page.get(0)), sb);
            sb.append(",\"keys\":[");
            server.store().read(db, t -> {
                for (int i = 0; i < keys.size(); i++) {
                    byte[] key = keys.get(i);
                    sb.append(i > 0 ? ",{\"key\":" : "{\"key\":");
                    JsonWriter.writeString(RespJson.text(key), sb);
                    if (hidden[i]) {
                        sb.append(",\"type\":null,\"ttl\":null}");
                        continue;
                    }
                    sb.append(",\"type\":");
                    JsonWriter.writeString(t.type(key).redisName(), sb);
                    long at = t.expireAt(key);
                    sb.append(",\"ttl\":").append(at == Txn.NO_EXPIRY || at == Txn.ABSENT ? at : Math.max(0, at - now))
                            .append('}');
                }
                return null;
            });
            return ApiResponse.of(HttpResponseStatus.OK, sb.append("]}").toString());
        });
    }

    CompletableFuture<ApiResponse> key(byte[] key, Map<String, String> q, Channel channel) {
        ConsoleCommands c = new ConsoleCommands(server, channel, db(q));
        String k = RespJson.text(key);
        return c.run(bytes("TYPE", key)).thenCompose(typeReply -> {
            if (typeReply instanceof RespValue.ErrorReply e) {
                throw ApiException.badRequest(e.message());
            }
            String type = RespValue.textOf(typeReply);
            if ("none".equals(type)) {
                return CompletableFuture.completedFuture(ApiResponse.error(HttpResponseStatus.NOT_FOUND, "not found"));
            }
            byte[][] sizing = sizeCommand(type, key);
            return c.run(bytes("PTTL", key)).thenCompose(ttl -> (sizing == null
                    ? CompletableFuture.completedFuture(RespValue.NULL) : c.run(sizing))
                    .thenCompose(size -> c.run(valueCommand(type, key)).thenApply(value -> {
                        StringBuilder sb = new StringBuilder("{\"key\":");
                        JsonWriter.writeString(k, sb);
                        sb.append(",\"type\":");
                        JsonWriter.writeString(type, sb);
                        sb.append(",\"ttl\":");
                        RespJson.write(ttl, sb);
                        sb.append(",\"size\":");
                        RespJson.write(size, sb);
                        sb.append(",\"value\":");
                        ConsoleValues.write(type, value, sb);
                        return ApiResponse.of(HttpResponseStatus.OK, sb.append('}').toString());
                    })));
        });
    }

    CompletableFuture<ApiResponse> slowlog(Channel channel) {
        return new ConsoleCommands(server, channel, 0).run("SLOWLOG", "GET", "128").thenApply(reply -> {
            StringBuilder sb = new StringBuilder("{\"entries\":[");
            List<RespValue> entries = items(reply);
            for (int i = 0; i < entries.size(); i++) {
                List<RespValue> e = items(entries.get(i));
                sb.append(i > 0 ? ",{\"id\":" : "{\"id\":");
                RespJson.write(e.get(0), sb);
                sb.append(",\"time\":");
                RespJson.write(e.get(1), sb);
                sb.append(",\"micros\":");
                RespJson.write(e.get(2), sb);
                sb.append(",\"args\":");
                RespJson.write(e.get(3), sb);
                sb.append(",\"client\":");
                RespJson.write(e.get(4), sb);
                sb.append(",\"name\":");
                RespJson.write(e.get(5), sb);
                sb.append('}');
            }
            return ApiResponse.of(HttpResponseStatus.OK, sb.append("]}").toString());
        });
    }

    CompletableFuture<ApiResponse> config(Channel channel) {
        return new ConsoleCommands(server, channel, 0).run("CONFIG", "GET", "*").thenApply(reply -> {
            Map<String, String> settings = new TreeMap<>();
            List<RespValue> flat = pairs(reply);
            for (int i = 0; i + 1 < flat.size(); i += 2) {
                String name = RespValue.textOf(flat.get(i));
                String value = RespValue.textOf(flat.get(i + 1));
                settings.put(name, SECRETS.contains(name) && value != null && !value.isEmpty() ? "(set)" : value);
            }
            StringBuilder sb = new StringBuilder("{\"config\":{");
            boolean first = true;
            for (Map.Entry<String, String> e : settings.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                JsonWriter.writeString(e.getKey(), sb);
                sb.append(':');
                if (e.getValue() == null) {
                    sb.append("null");
                } else {
                    JsonWriter.writeString(e.getValue(), sb);
                }
            }
            return ApiResponse.of(HttpResponseStatus.OK, sb.append("}}").toString());
        });
    }

    private static byte[][] sizeCommand(String type, byte[] key) {
        return switch (type) {
            case "string" -> bytes("STRLEN", key);
            case "hash" -> bytes("HLEN", key);
            case "list" -> bytes("LLEN", key);
            case "set" -> bytes("SCARD", key);
            case "zset" -> bytes("ZCARD", key);
            case "stream" -> bytes("XLEN", key);
            case "ReJSON-RL" -> null; // a document's size is its text's, which the view shows whole
            default -> throw ApiException.badRequest("type: " + type + " (expected: a type the console shows)");
        };
    }

    private static byte[][] valueCommand(String type, byte[] key) {
        String last = Integer.toString(SHOWN - 1);
        String count = Integer.toString(SHOWN);
        return switch (type) {
            case "string" -> bytes("GETRANGE", key, "0", Integer.toString(STRING_BYTES - 1));
            case "hash" -> bytes("HSCAN", key, "0", "COUNT", count);
            case "list" -> bytes("LRANGE", key, "0", last);
            case "set" -> bytes("SSCAN", key, "0", "COUNT", count);
            case "zset" -> bytes("ZRANGE", key, "0", last, "WITHSCORES");
            case "stream" -> bytes("XRANGE", key, "-", "+", "COUNT", count);
            case "ReJSON-RL" -> bytes("JSON.GET", key);
            default -> throw ApiException.badRequest("type: " + type + " (expected: a type the console shows)");
        };
    }

    private static byte[][] bytes(String command, byte[] key, String... rest) {
        byte[][] out = new byte[2 + rest.length][];
        out[0] = command.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out[1] = key;
        for (int i = 0; i < rest.length; i++) {
            out[2 + i] = rest[i].getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        return out;
    }

    /** The elements of an array reply; a 400 for an error reply. */
    static List<RespValue> items(RespValue v) {
        return switch (v) {
            case RespValue.ArrayReply a -> a.items();
            case RespValue.SetReply s -> s.items();
            case RespValue.ErrorReply e -> throw ApiException.badRequest(e.message());
            default -> List.of();
        };
    }

    /** A map reply, or a RESP2 flat array, as alternating names and values. */
    static List<RespValue> pairs(RespValue v) {
        if (v instanceof RespValue.MapReply m) {
            List<RespValue> out = new ArrayList<>();
            for (Map.Entry<RespValue, RespValue> e : m.entries()) {
                out.add(e.getKey());
                out.add(e.getValue());
            }
            return out;
        }
        return items(v);
    }

    private int db(Map<String, String> q) {
        return number(q, "db", 0, 0, server.config().databases() - 1);
    }

    private static int number(Map<String, String> q, String name, int dflt, int min, int max) {
        String v = q.get(name);
        if (v == null || v.isEmpty()) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // worded below
        }
        throw ApiException.badRequest(name + ": " + v + " (expected: " + min + " to " + max + ")");
    }
}
