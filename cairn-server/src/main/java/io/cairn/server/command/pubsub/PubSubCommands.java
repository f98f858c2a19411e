package io.cairn.server.command.pubsub;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.Session;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Replies;
import java.util.ArrayList;
import java.util.List;

/**
 * SUBSCRIBE, UNSUBSCRIBE, PSUBSCRIBE, PUNSUBSCRIBE, SSUBSCRIBE, SUNSUBSCRIBE, PUBLISH, SPUBLISH and
 * PUBSUB, as Redis 7.2 answers them. A (un)subscribe answers one confirmation per name
 * ({@link RespValue.Sequence}), each a push reply (an array in RESP2). All run on the client's
 * event loop; the registry is the server's {@link SubscriptionRegistry}.
 */
public final class PubSubCommands {
    private PubSubCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.server("subscribe", c -> subscribe(c, Kind.CHANNEL));
        r.server("psubscribe", c -> subscribe(c, Kind.PATTERN));
        r.server("ssubscribe", c -> {
            if (c.session().executingQueued()) {
                // EXEC denies blocking; Redis lets SUBSCRIBE through for old clients, not SSUBSCRIBE
                throw new InvalidRequestException("ERR SSUBSCRIBE isn't allowed for a DENY BLOCKING client");
            }
            return subscribe(c, Kind.SHARD);
        });
        r.server("unsubscribe", c -> unsubscribe(c, Kind.CHANNEL));
        r.server("punsubscribe", c -> unsubscribe(c, Kind.PATTERN));
        r.server("sunsubscribe", c -> unsubscribe(c, Kind.SHARD));
        r.server("publish", c -> RespValue.integer(c.server().pubsub().publish(c.arg(1), c.arg(2))));
        r.server("spublish", c -> RespValue.integer(c.server().pubsub().spublish(c.arg(1), c.arg(2))));
        r.server("pubsub|channels", c -> active(c, Kind.CHANNEL));
        r.server("pubsub|shardchannels", c -> active(c, Kind.SHARD));
        r.server("pubsub|numsub", c -> numsub(c, Kind.CHANNEL));
        r.server("pubsub|shardnumsub", c -> numsub(c, Kind.SHARD));
        r.server("pubsub|numpat", c -> RespValue.integer(c.server().pubsub().count(Kind.PATTERN)));
    }

    private static RespValue subscribe(CommandContext c, Kind kind) {
        Session s = c.session();
        List<RespValue> replies = new ArrayList<>(c.argc() - 1);
        for (int i = 1; i < c.argc(); i++) {
            replies.add(c.server().pubsub().subscribe(s.subscriptions(), kind, c.arg(i)));
        }
        return sequence(replies);
    }

    private static RespValue unsubscribe(CommandContext c, Kind kind) {
        Session s = c.session();
        if (c.argc() == 1) {
            return sequence(c.server().pubsub().unsubscribeAll(s.subscriptions(), kind));
        }
        List<RespValue> replies = new ArrayList<>(c.argc() - 1);
        for (int i = 1; i < c.argc(); i++) {
            replies.add(c.server().pubsub().unsubscribe(s.subscriptions(), kind, c.arg(i)));
        }
        return sequence(replies);
    }

    private static RespValue sequence(List<RespValue> replies) {
        return replies.size() == 1 ? replies.getFirst() : new RespValue.Sequence(replies);
    }

    /** PUBSUB CHANNELS [pattern], PUBSUB SHARDCHANNELS [pattern]. */
    private static RespValue active(CommandContext c, Kind kind) {
        if (c.argc() > 3) {
            throw new InvalidRequestException("ERR unknown subcommand or wrong number of arguments for '"
                    + c.string(1) + "'. Try PUBSUB HELP.");
        }
        return Replies.bulks(c.server().pubsub().active(kind, c.argc() == 3 ? c.arg(2) : null));
    }

    /** PUBSUB NUMSUB [channel ...], PUBSUB SHARDNUMSUB [channel ...]: channel, count, channel, count. */
    private static RespValue numsub(CommandContext c, Kind kind) {
        List<RespValue> out = new ArrayList<>(2 * (c.argc() - 2));
        for (int i = 2; i < c.argc(); i++) {
            out.add(RespValue.bulk(c.arg(i)));
            out.add(RespValue.integer(c.server().pubsub().subscribers(kind, c.arg(i))));
        }
        return RespValue.array(out);
    }
}
