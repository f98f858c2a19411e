package io.cairn.server.command.tracking;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.Session;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;

/** CLIENT TRACKING, CLIENT CACHING, CLIENT GETREDIR and CLIENT TRACKINGINFO, in Redis 7.2's words. */
public final class TrackingCommands {
    private TrackingCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.server("client|tracking", TrackingCommands::tracking);
        r.server("client|caching", TrackingCommands::caching);
        r.server("client|getredir", c -> RespValue.integer(c.session().tracking().on()
                ? c.session().tracking().redirect() : -1));
        r.server("client|trackinginfo", TrackingCommands::trackingInfo);
    }

    /** CLIENT TRACKING ON|OFF [REDIRECT id] [PREFIX p]... [BCAST] [OPTIN] [OPTOUT] [NOLOOP]. */
    private static RespValue tracking(CommandContext c) {
        long redirect = 0;
        boolean bcast = false;
        boolean optIn = false;
        boolean optOut = false;
        boolean noLoop = false;
        List<byte[]> prefixes = new ArrayList<>();
        for (int j = 3; j < c.argc(); j++) {
            boolean more = j + 1 < c.argc();
            String o = c.option(j);
            if (o.equals("REDIRECT") && more) {
                j++;
                if (redirect != 0) {
                    throw new InvalidRequestException("ERR A client can only redirect to a single other client");
                }
                redirect = c.integer(j);
                // Redis wants the client to exist now, though it may leave later.
                if (c.server().session(redirect) == null) {
                    throw new InvalidRequestException("ERR The client ID you want redirect to does not exist");
                }
            } else if (o.equals("BCAST")) {
                bcast = true;
            } else if (o.equals("OPTIN")) {
                optIn = true;
            } else if (o.equals("OPTOUT")) {
                optOut = true;
            } else if (o.equals("NOLOOP")) {
                noLoop = true;
            } else if (o.equals("PREFIX") && more) {
                prefixes.add(c.arg(++j));
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        Session s = c.session();
        TrackingState st = s.tracking();
        ClientTracking table = c.server().tracking();
        switch (c.option(2)) {
            case "ON" -> {
                if (!bcast && !prefixes.isEmpty()) {
                    throw new InvalidRequestException("ERR PREFIX option requires BCAST mode to be enabled");
                }
                if (st.on() && st.bcast() != bcast) {
                    throw new InvalidRequestException("ERR You can't switch BCAST mode on/off before disabling "
                            + "tracking for this client, and then re-enabling it with a different mode.");
                }
                if (bcast && (optIn || optOut)) {
                    throw new InvalidRequestException("ERR OPTIN and OPTOUT are not compatible with BCAST");
                }
                if (optIn && optOut) {
                    throw new InvalidRequestException("ERR You can't specify both OPTIN mode and OPTOUT mode");
                }
                if (optIn && st.optOut() || optOut && st.optIn()) {
                    throw new InvalidRequestException("ERR You can't switch OPTIN/OPTOUT mode before disabling "
                            + "tracking for this client, and then re-enabling it with a different mode.");
                }
                if (bcast) {
                    checkPrefixes(st, prefixes);
                }
                table.enable(s, redirect, bcast, optIn, optOut, noLoop, prefixes);
            }
            case "OFF" -> table.disable(s);
            default -> throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        return RespValue.OK;
    }

    /** Redis's checkPrefixCollisionsOrReply: no new prefix may be a prefix of, or start with, another. */
    private static void checkPrefixes(TrackingState st, List<byte[]> prefixes) {
        for (int i = 0; i < prefixes.size(); i++) {
            byte[] p = prefixes.get(i);
            for (ByteBuffer existing : st.prefixes()) {
                byte[] e = ClientTracking.bytes(existing);
                if (overlap(e, p)) {
                    throw new InvalidRequestException("ERR Prefix '" + text(p) + "' overlaps with an existing prefix '"
                            + text(e) + "'. Prefixes for a single client must not overlap.");
                }
            }
            for (int j = i + 1; j < prefixes.size(); j++) {
                if (overlap(p, prefixes.get(j))) {
                    throw new InvalidRequestException("ERR Prefix '" + text(p) + "' overlaps with another provided prefix '"
                            + text(prefixes.get(j)) + "'. Prefixes for a single client must not overlap.");
                }
            }
        }
    }

    private static boolean overlap(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        return java.util.Arrays.equals(a, 0, n, b, 0, n);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    /** CLIENT CACHING YES|NO: the next command is (YES, in OPTIN) or is not (NO, in OPTOUT) tracked. */
    private static RespValue caching(CommandContext c) {
        TrackingState st = c.session().tracking();
        if (!st.on()) {
            throw new InvalidRequestException("ERR CLIENT CACHING can be called only when the client is in tracking "
                    + "mode with OPTIN or OPTOUT mode enabled");
        }
        switch (c.option(2)) {
            case "YES" -> {
                if (!st.optIn()) {
                    throw new InvalidRequestException(
                            "ERR CLIENT CACHING YES is only valid when tracking is enabled in OPTIN mode.");
                }
            }
            case "NO" -> {
                if (!st.optOut()) {
                    throw new InvalidRequestException(
                            "ERR CLIENT CACHING NO is only valid when tracking is enabled in OPTOUT mode.");
                }
            }
            default -> throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        st.caching(true);
        return RespValue.OK;
    }

    private static RespValue trackingInfo(CommandContext c) {
        TrackingState st = c.session().tracking();
        List<RespValue> flags = new ArrayList<>();
        flags.add(RespValue.bulk(st.on() ? "on" : "off"));
        if (st.bcast()) {
            flags.add(RespValue.bulk("bcast"));
        }
        if (st.optIn()) {
            flags.add(RespValue.bulk("optin"));
            if (st.caching()) {
                flags.add(RespValue.bulk("caching-yes"));
            }
        }
        if (st.optOut()) {
            flags.add(RespValue.bulk("optout"));
            if (st.caching()) {
                flags.add(RespValue.bulk("caching-no"));
            }
        }
        if (st.noLoop()) {
            flags.add(RespValue.bulk("noloop"));
        }
        if (st.brokenRedirect()) {
            flags.add(RespValue.bulk("broken_redirect"));
        }
        List<RespValue> prefixes = new ArrayList<>();
        for (ByteBuffer p : st.prefixes()) {
            prefixes.add(RespValue.bulk(ClientTracking.bytes(p)));
        }
        return new RespValue.MapReply(List.of(
                new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk("flags"), new RespValue.SetReply(flags)),
                new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk("redirect"),
                        RespValue.integer(st.on() ? st.redirect() : -1)),
                new AbstractMap.SimpleImmutableEntry<>(RespValue.bulk("prefixes"), RespValue.array(prefixes))));
    }
}
