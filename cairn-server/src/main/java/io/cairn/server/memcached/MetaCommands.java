package io.cairn.server.memcached;

import io.cairn.storage.engine.Item;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The meta commands ({@code mg ms md ma mn me}) as memcached 1.6 answers them: a two-letter status
 * ({@code VA HD EN NF NS EX}), then the flags asked for back in the order given ({@code O} opaque,
 * {@code k} key, {@code c} CAS, {@code f} flags, {@code s} size, {@code t} TTL). {@code q} hides the
 * nominal answers (a miss for mg, HD for ms, md, ma) but never an error.
 *
 * <p>Deliberately not kept: the stale-while-revalidate state ({@code I} on md deletes the item,
 * {@code R} never wins; no {@code W Z X} but the {@code W} of an autovivified mg), and the
 * fetched and last-access bits ({@code h} answers 0, {@code l} 0).
 */
final class MetaCommands {
    private static final String BAD_FORMAT = "CLIENT_ERROR bad command line format";
    private final MemcachedService s;

    MetaCommands(MemcachedService s) {
        this.s = s;
    }

    Reply run(byte[][] t, int n) {
        s.stats.metaCmds.increment();
        return switch (t[0][1]) {
            case 'g' -> get(t, n);
            case 'd' -> delete(t, n);
            case 'a' -> arithmetic(t, n);
            case 'n' -> Reply.line("MN");
            case 'e' -> debug(t, n);
            default -> Reply.line("ERROR");
        };
    }

    /** The flags every meta command checks first; null when they pass. */
    private static Reply check(byte[][] t, int n, String tooMany) {
        if (n < 3) {
            return Reply.line("ERROR");
        }
        if (t[1].length > MemcachedDecoder.KEY_MAX) {
            return Reply.line(BAD_FORMAT);
        }
        if (n > MemcachedDecoder.META_MAX_TOKENS) {
            return Reply.line(tooMany);
        }
        return null;
    }

    /** The {@code O} and {@code k} flags, as every answer carries them. */
    private static void opaqueAndKey(Reply.Builder b, MetaFlags f, byte[] key) {
        for (byte[] tok : f.tokens) {
            if (tok[0] == 'O') {
                b.text(" ").bytes(tok);
            } else if (tok[0] == 'k') {
                key(b, f, key);
            }
        }
    }

    private static void key(Reply.Builder b, MetaFlags f, byte[] key) {
        if (f.keyBinary) {
            b.text(" k").bytes(Base64.getEncoder().encode(key)).text(" b");
        } else {
            b.text(" k").bytes(key);
        }
    }

    private Reply get(byte[][] t, int n) {
        Reply refused = check(t, n, "CLIENT_ERROR options flags are too long");
        if (refused != null) {
            return refused;
        }
        MetaFlags f = MetaFlags.parse(t, 2);
        if (f.error != null) {
            return Reply.line(f.error);
        }
        if (f.opaqueTooLong()) {
            return Reply.line("CLIENT_ERROR opaque token too long");
        }
        boolean writes = f.newTtl || f.vivify;
        java.util.function.Function<Txn, byte[]> body = txn -> {
            Item it = txn.items().get(f.key);
            boolean created = false;
            if (it == null && f.vivify) {
                it = Items.create(txn, f.key, new byte[0], f.vivifyExptime);
                created = true;
            }
            if (f.newTtl) {
                s.stats.cmdTouch.increment();
                (it != null ? s.stats.touchHits : s.stats.touchMisses).increment();
            } else {
                s.stats.cmdGet.increment();
                (it != null ? s.stats.getHits : s.stats.getMisses).increment();
            }
            Reply.Builder b = new Reply.Builder();
            if (it == null) {
                if (f.quiet) {
                    return null;
                }
                b.text("EN");
                opaqueAndKey(b, f, f.key);
                return b.crlf().toByteArray();
            }
            long expireAt = it.expireAt();
            b.text(f.value ? "VA " + it.value().length : "HD");
            for (byte[] tok : f.tokens) {
                switch (tok[0]) {
                    case 'T' -> {
                        if (txn.exists(f.key)) {
                            expireAt = Items.touch(txn, f.key, f.exptime);
                        }
                    }
                    case 's' -> b.text(" s" + it.value().length);
                    case 't' -> b.text(" t" + (expireAt == Expiry.PAST ? -1 : Expiry.ttl(expireAt, txn.now())));
                    case 'c' -> b.text(" c" + Long.toUnsignedString(it.cas()));
                    case 'f' -> b.text(" f" + TextCommands.unsigned(it.flags()));
                    case 'l' -> b.text(" l0");
                    case 'h' -> b.text(" h0");
                    case 'O' -> b.text(" ").bytes(tok);
                    case 'k' -> key(b, f, f.key);
                    default -> {
                    }
                }
            }
            if (created) {
                b.text(" W");
            }
            b.crlf();
            if (f.value) {
                b.bytes(it.value()).crlf();
            }
            return b.toByteArray();
        };
        Result<byte[]> r = writes ? s.write(body) : s.read(body);
        return new Reply(r.value(), r.durable(), false);
    }

    /** {@code ms}: the data block has arrived. */
    Reply store(MemcachedRequest.Storage req) {
        StorageHeader h = req.header();
        MetaFlags f = h.meta();
        s.stats.cmdSet.increment();
        if (!s.roomForWrite()) {
            return Reply.line("SERVER_ERROR out of memory storing object");
        }
        Result<Items.Stored> r = s.write(txn -> Items.store(txn, h, req.data(), s.itemSizeMax, s.stats));
        Items.Stored st = r.value();
        if (st.status() == Items.Status.STORED && f.quiet) {
            return Reply.none().after(r.durable());
        }
        Reply.Builder b = new Reply.Builder();
        b.text(switch (st.status()) {
            case STORED -> "HD";
            case EXISTS -> "EX";
            case NOT_FOUND -> "NF";
            case NOT_STORED -> "NS";
        });
        for (byte[] tok : f.tokens) {
            switch (tok[0]) {
                case 'O' -> b.text(" ").bytes(tok);
                case 'k' -> key(b, f, f.key);
                case 'c' -> b.text(" c" + Long.toUnsignedString(st.cas()));
                default -> {
                }
            }
        }
        return b.crlf().reply(r.durable());
    }

    private Reply delete(byte[][] t, int n) {
        Reply refused = check(t, n, "CLIENT_ERROR options flags too long");
        if (refused != null) {
            return refused;
        }
        MetaFlags f = MetaFlags.parse(t, 2);
        if (f.error != null) {
            return Reply.line("CLIENT_ERROR invalid or duplicate flag");
        }
        if (f.opaqueTooLong()) {
            return Reply.line("CLIENT_ERROR opaque token too long");
        }
        Result<String> r = s.write(txn -> {
            Item it = txn.items().get(f.key);
            if (it == null) {
                s.stats.deleteMisses.increment();
                return "NF";
            }
            if (f.hasCas && it.cas() != f.cas) {
                return "EX";
            }
            txn.delete(f.key); // I (mark stale) deletes too: Cairn keeps no stale items
            s.stats.deleteHits.increment();
            return "HD";
        });
        if (r.value().equals("HD") && f.quiet) {
            return Reply.none().after(r.durable());
        }
        Reply.Builder b = new Reply.Builder().text(r.value());
        opaqueAndKey(b, f, f.key);
        return b.crlf().reply(r.durable());
    }

    private Reply arithmetic(byte[][] t, int n) {
        Reply refused = check(t, n, "CLIENT_ERROR options flags too long");
        if (refused != null) {
            return refused;
        }
        MetaFlags f = MetaFlags.parse(t, 2);
        if (f.error != null) {
            return Reply.line("CLIENT_ERROR invalid or duplicate flag");
        }
        boolean incr;
        switch (f.mode) {
            case 0, 'I', '+' -> incr = true;
            case 'D', '-' -> incr = false;
            default -> {
                return Reply.line("CLIENT_ERROR invalid mode for ma M token");
            }
        }
        if (f.opaqueTooLong()) {
            return Reply.line("CLIENT_ERROR opaque token too long");
        }
        if (!s.roomForWrite()) {
            return Reply.line("SERVER_ERROR out of memory");
        }
        boolean up = incr;
        Result<byte[]> r = s.write(txn -> {
            Items.Delta d = Items.delta(txn, f.key, up, f.delta, f.hasCas ? f.cas : 0);
            Reply.Builder b = new Reply.Builder();
            Item it = null;
            String number = d.number();
            boolean created = false;
            switch (d.status()) {
                case OK -> {
                    (up ? s.stats.incrHits : s.stats.decrHits).increment();
                    if (f.quiet) {
                        return null;
                    }
                    it = d.item();
                }
                case NON_NUMERIC -> {
                    return "CLIENT_ERROR cannot increment or decrement non-numeric value\r\n"
                            .getBytes(StandardCharsets.US_ASCII);
                }
                case NOT_FOUND -> {
                    (up ? s.stats.incrMisses : s.stats.decrMisses).increment();
                    if (f.vivify) {
                        number = Long.toUnsignedString(f.initial);
                        it = Items.create(txn, f.key, number.getBytes(StandardCharsets.US_ASCII), 0);
                        created = true;
                    } else {
                        b.text("NF");
                    }
                }
                case CAS_MISMATCH -> b.text("EX");
            }
            if (it == null) {
                opaqueAndKey(b, f, f.key);
                return b.crlf().toByteArray();
            }
            long expireAt = it.expireAt();
            b.text(f.value ? "VA " + number.length() : "HD");
            for (byte[] tok : f.tokens) {
                switch (tok[0]) {
                    case 'c' -> b.text(" c" + Long.toUnsignedString(it.cas()));
                    case 't' -> b.text(" t" + (expireAt == Expiry.PAST ? -1 : Expiry.ttl(expireAt, txn.now())));
                    case 'T' -> expireAt = Items.touch(txn, f.key, f.exptime);
                    case 'N' -> {
                        if (created) {
                            expireAt = Items.touch(txn, f.key, f.vivifyExptime);
                        }
                    }
                    case 'O' -> b.text(" ").bytes(tok);
                    case 'k' -> key(b, f, f.key);
                    default -> {
                    }
                }
            }
            b.crlf();
            if (f.value) {
                b.text(number).crlf();
            }
            return b.toByteArray();
        });
        return new Reply(r.value(), r.durable(), false);
    }

    private Reply debug(byte[][] t, int n) {
        if (n < 3 || t[1].length > MemcachedDecoder.KEY_MAX) {
            return Reply.line(BAD_FORMAT);
        }
        byte[] key = t[1];
        if (n >= 4 && t[2].length == 1 && t[2][0] == 'b') {
            key = MetaFlags.base64(key);
            if (key == null) {
                return Reply.line(BAD_FORMAT);
            }
        }
        byte[] k = key;
        Result<byte[]> r = s.read(txn -> {
            Item it = txn.items().get(k);
            if (it == null) {
                return "EN\r\n".getBytes(StandardCharsets.US_ASCII);
            }
            long exp = it.expireAt() == 0 ? -1 : -Expiry.ttl(it.expireAt(), txn.now());
            long size = MemcachedDecoder.ITEM_OVERHEAD + k.length + (it.flags() != 0 ? 4 : 0) + it.value().length + 2;
            return new Reply.Builder().text("ME ").bytes(t[1]).text(" exp=" + exp + " la=0 cas="
                    + Long.toUnsignedString(it.cas()) + " fetch=no cls=1 size=" + size).crlf().toByteArray();
        });
        return new Reply(r.value(), r.durable(), false);
    }
}
