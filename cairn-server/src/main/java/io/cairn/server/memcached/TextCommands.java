package io.cairn.server.memcached;

import static io.cairn.server.memcached.MemcachedDecoder.is;

import io.cairn.storage.engine.Item;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.StoreStats;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The text commands, each checked as memcached 1.6's {@code proto_text.c} checks it (token
 * counts, then {@code noreply}, then key length, then numbers, each with memcached's words) and
 * run as one store transaction. {@code noreply} silences errors too, as in memcached.
 */
final class TextCommands {
    private static final String BAD_FORMAT = "CLIENT_ERROR bad command line format";
    private final MemcachedService s;
    /** A flush_all waiting for its delay; a later flush_all replaces it, as in memcached. */
    private ScheduledFuture<?> pendingFlush;

    TextCommands(MemcachedService s) {
        this.s = s;
    }

    /** Runs the command {@code t[0]}; null when it is not a text command. */
    Reply run(byte[][] t, int n) {
        String name = new String(t[0], StandardCharsets.ISO_8859_1);
        return switch (name) {
            case "get" -> get(t, n, false, false);
            case "gets" -> get(t, n, true, false);
            case "gat" -> get(t, n, false, true);
            case "gats" -> get(t, n, true, true);
            case "incr" -> delta(t, n, true);
            case "decr" -> delta(t, n, false);
            case "delete" -> delete(t, n);
            case "touch" -> touch(t, n);
            case "flush_all" -> flushAll(t, n);
            case "version" -> Reply.line("VERSION " + MemcachedService.VERSION);
            case "quit" -> new Reply(null, Reply.DONE, true);
            case "verbosity" -> verbosity(t, n);
            case "stats" -> stats(t, n);
            default -> null;
        };
    }

    private static boolean noreply(byte[][] t, int n) {
        return is(t[n - 2], "noreply");
    }

    static String unsigned(int v) {
        return Integer.toUnsignedString(v);
    }

    private Reply get(byte[][] t, int n, boolean withCas, boolean touch) {
        if (n < 3) {
            return Reply.line("ERROR");
        }
        int first = 1;
        int exptime = 0;
        if (touch) {
            Integer e = Numbers.signed32(t[1]);
            if (e == null) {
                return Reply.line("CLIENT_ERROR invalid exptime argument");
            }
            exptime = e;
            first = 2;
        }
        int from = first;
        int ttl = exptime;
        java.util.function.Function<io.cairn.storage.engine.Txn, byte[]> body = txn -> {
            Reply.Builder b = new Reply.Builder();
            for (int i = from; i < t.length; i++) {
                byte[] key = t[i];
                if (key.length > MemcachedDecoder.KEY_MAX) {
                    return null; // what was looked up is dropped for the refusal, as memcached does
                }
                Item it = txn.items().get(key);
                if (touch) {
                    s.stats.cmdTouch.increment();
                    (it != null ? s.stats.touchHits : s.stats.touchMisses).increment();
                    if (it != null) {
                        Items.touch(txn, key, ttl);
                    }
                } else {
                    s.stats.cmdGet.increment();
                    (it != null ? s.stats.getHits : s.stats.getMisses).increment();
                }
                if (it != null) {
                    b.text("VALUE ").bytes(key).text(" " + unsigned(it.flags()) + " " + it.value().length);
                    if (withCas) {
                        b.text(" " + Long.toUnsignedString(it.cas()));
                    }
                    b.crlf().bytes(it.value()).crlf();
                }
            }
            return b.text("END\r\n").toByteArray();
        };
        Result<byte[]> r = touch ? s.write(body) : s.read(body);
        if (r.value() == null) {
            return Reply.line(BAD_FORMAT).after(r.durable());
        }
        return new Reply(r.value(), r.durable(), false);
    }

    private Reply delta(byte[][] t, int n, boolean incr) {
        if (n != 4 && n != 5) {
            return Reply.line("ERROR");
        }
        boolean quiet = noreply(t, n);
        if (t[1].length > MemcachedDecoder.KEY_MAX) {
            return Reply.line(BAD_FORMAT, quiet);
        }
        Long delta = Numbers.unsigned64(t[2]);
        if (delta == null) {
            return Reply.line("CLIENT_ERROR invalid numeric delta argument", quiet);
        }
        if (!s.roomForWrite()) {
            return Reply.line("SERVER_ERROR out of memory", quiet);
        }
        Result<Items.Delta> r = s.write(txn -> Items.delta(txn, t[1], incr, delta, 0));
        Items.Delta d = r.value();
        String line = switch (d.status()) {
            case OK -> d.number();
            case NON_NUMERIC -> "CLIENT_ERROR cannot increment or decrement non-numeric value";
            case NOT_FOUND, CAS_MISMATCH -> "NOT_FOUND";
        };
        if (d.status() == Items.DeltaStatus.OK) {
            (incr ? s.stats.incrHits : s.stats.decrHits).increment();
        } else if (d.status() == Items.DeltaStatus.NOT_FOUND) {
            (incr ? s.stats.incrMisses : s.stats.decrMisses).increment();
        }
        return Reply.line(line, quiet).after(r.durable());
    }

    private Reply delete(byte[][] t, int n) {
        if (n < 3 || n > 5) {
            return Reply.line("ERROR");
        }
        boolean quiet = false;
        if (n > 3) {
            boolean holdIsZero = is(t[2], "0");
            quiet = noreply(t, n);
            boolean valid = n == 4 && (holdIsZero || quiet) || n == 5 && holdIsZero && quiet;
            if (!valid) {
                return Reply.line("CLIENT_ERROR bad command line format.  Usage: delete <key> [noreply]", quiet);
            }
        }
        if (t[1].length > MemcachedDecoder.KEY_MAX) {
            return Reply.line(BAD_FORMAT, quiet);
        }
        Result<Boolean> r = s.write(txn -> txn.items().get(t[1]) != null && txn.delete(t[1]));
        (r.value() ? s.stats.deleteHits : s.stats.deleteMisses).increment();
        return Reply.line(r.value() ? "DELETED" : "NOT_FOUND", quiet).after(r.durable());
    }

    private Reply touch(byte[][] t, int n) {
        if (n != 4 && n != 5) {
            return Reply.line("ERROR");
        }
        boolean quiet = noreply(t, n);
        if (t[1].length > MemcachedDecoder.KEY_MAX) {
            return Reply.line(BAD_FORMAT, quiet);
        }
        Integer exptime = Numbers.signed32(t[2]);
        if (exptime == null) {
            return Reply.line("CLIENT_ERROR invalid exptime argument", quiet);
        }
        Result<Boolean> r = s.write(txn -> {
            if (txn.items().get(t[1]) == null) {
                return false;
            }
            Items.touch(txn, t[1], exptime);
            return true;
        });
        s.stats.cmdTouch.increment();
        (r.value() ? s.stats.touchHits : s.stats.touchMisses).increment();
        return Reply.line(r.value() ? "TOUCHED" : "NOT_FOUND", quiet).after(r.durable());
    }

    private Reply flushAll(byte[][] t, int n) {
        if (n < 2 || n > 4) {
            return Reply.line("ERROR");
        }
        boolean quiet = noreply(t, n);
        s.stats.cmdFlush.increment();
        int exptime = 0;
        if (n != (quiet ? 3 : 2)) {
            Integer e = Numbers.signed32(t[1]);
            if (e == null) {
                return Reply.line("CLIENT_ERROR invalid exptime argument", quiet);
            }
            exptime = e;
        }
        synchronized (this) {
            if (pendingFlush != null) {
                pendingFlush.cancel(false);
                pendingFlush = null;
            }
            if (exptime > 0) {
                long now = System.currentTimeMillis();
                long at = Expiry.expireAt(exptime, now);
                if (at != Expiry.PAST) {
                    pendingFlush = s.timer.schedule(this::flushNow, at - now, TimeUnit.MILLISECONDS);
                    return Reply.line("OK", quiet);
                }
            }
        }
        return Reply.line("OK", quiet).after(flushNow());
    }

    private java.util.concurrent.CompletableFuture<Void> flushNow() {
        return s.write(txn -> {
            s.server.beforeFlush(txn, false);
            txn.flushDb();
            return null;
        }).durable();
    }

    private Reply verbosity(byte[][] t, int n) {
        if (n != 3 && n != 4) {
            return Reply.line("ERROR");
        }
        boolean quiet = noreply(t, n);
        if (Numbers.unsigned32(t[1]) == null) {
            return Reply.line(BAD_FORMAT, quiet);
        }
        return Reply.line("OK", quiet);
    }

    private Reply stats(byte[][] t, int n) {
        if (n == 2) {
            return general();
        }
        String sub = new String(t[1], StandardCharsets.ISO_8859_1);
        return switch (sub) {
            case "reset" -> {
                s.stats.reset();
                yield Reply.line("RESET");
            }
            case "settings" -> {
                Reply.Builder b = new Reply.Builder();
                stat(b, "maxbytes", Long.toString(maxBytes()));
                stat(b, "maxconns", Integer.toString(s.server.maxclients()));
                stat(b, "tcpport", Integer.toString(s.server.config().memcachedPort()));
                stat(b, "evictions", "on");
                stat(b, "cas_enabled", "yes");
                stat(b, "item_size_max", Long.toString(s.itemSizeMax));
                stat(b, "flush_enabled", "yes");
                yield b.text("END\r\n").reply(Reply.DONE);
            }
            case "items", "slabs", "sizes", "conns" -> Reply.line("END");
            default -> Reply.line("ERROR");
        };
    }

    private long maxBytes() {
        long max = s.store.memoryLimitBytes();
        return max > 0 ? max : Runtime.getRuntime().maxMemory();
    }

    private Reply general() {
        MemcachedStats m = s.stats;
        StoreStats st = s.store.stats();
        long now = System.currentTimeMillis();
        long items = st.keysPerDb()[s.db];
        Reply.Builder b = new Reply.Builder();
        stat(b, "pid", Long.toString(ProcessHandle.current().pid()));
        stat(b, "uptime", Long.toString((now - m.startMillis) / 1000));
        stat(b, "time", Long.toString(now / 1000));
        stat(b, "version", MemcachedService.VERSION);
        stat(b, "pointer_size", "64");
        stat(b, "max_connections", Integer.toString(s.server.maxclients()));
        stat(b, "curr_connections", m.currConnections.toString());
        stat(b, "total_connections", m.totalConnections.toString());
        stat(b, "cmd_get", m.cmdGet.toString());
        stat(b, "cmd_set", m.cmdSet.toString());
        stat(b, "cmd_flush", m.cmdFlush.toString());
        stat(b, "cmd_touch", m.cmdTouch.toString());
        stat(b, "cmd_meta", m.metaCmds.toString());
        stat(b, "get_hits", m.getHits.toString());
        stat(b, "get_misses", m.getMisses.toString());
        stat(b, "delete_misses", m.deleteMisses.toString());
        stat(b, "delete_hits", m.deleteHits.toString());
        stat(b, "incr_misses", m.incrMisses.toString());
        stat(b, "incr_hits", m.incrHits.toString());
        stat(b, "decr_misses", m.decrMisses.toString());
        stat(b, "decr_hits", m.decrHits.toString());
        stat(b, "cas_misses", m.casMisses.toString());
        stat(b, "cas_hits", m.casHits.toString());
        stat(b, "cas_badval", m.casBadval.toString());
        stat(b, "touch_hits", m.touchHits.toString());
        stat(b, "touch_misses", m.touchMisses.toString());
        stat(b, "limit_maxbytes", Long.toString(maxBytes()));
        stat(b, "threads", "1");
        stat(b, "bytes", Long.toString(st.usedBytes()));
        stat(b, "curr_items", Long.toString(items));
        stat(b, "total_items", m.totalItems.toString());
        stat(b, "expired_unfetched", "0");
        stat(b, "evicted_unfetched", "0");
        stat(b, "evictions", Long.toString(st.evictedKeys()));
        return b.text("END\r\n").reply(Reply.DONE);
    }

    private static void stat(Reply.Builder b, String name, String value) {
        b.text("STAT ").text(name).text(" ").text(value).crlf();
    }

    /** A text storage command's data block has arrived: store it as its mode says. */
    Reply store(MemcachedRequest.Storage req) {
        StorageHeader h = req.header();
        s.stats.cmdSet.increment();
        if (!s.roomForWrite()) {
            return Reply.line("SERVER_ERROR out of memory storing object", h.noreply());
        }
        Result<Items.Stored> r = s.write(txn -> Items.store(txn, h, req.data(), s.itemSizeMax, s.stats));
        return Reply.line(r.value().status().name(), h.noreply()).after(r.durable());
    }
}
