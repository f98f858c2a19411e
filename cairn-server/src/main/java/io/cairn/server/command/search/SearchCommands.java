package io.cairn.server.command.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.search.AggregateRequest;
import io.cairn.search.AggregateResult;
import io.cairn.search.SearchRequest;
import io.cairn.search.SearchResult;
import io.cairn.search.SearchService;
import io.cairn.server.command.AsyncCommand;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** {@code FT.CREATE}, {@code FT.SEARCH}, {@code FT.AGGREGATE}, cursors, and index management. */
public final class SearchCommands {
    private static final RespValue OK = RespValue.simple("OK");

    private SearchCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.async("ft.create", async(ctx -> {
            if (ctx.session().db() != 0) {
                // Indexes cover database 0 only, as RediSearch's do (its words).
                throw new InvalidRequestException("Cannot create index on db != 0");
            }
            search(ctx).create(strings(ctx, 1));
            return OK;
        }));
        r.async("ft.alter", async(ctx -> {
            search(ctx).alter(strings(ctx, 1));
            return OK;
        }));
        r.async("ft.dropindex", async(SearchCommands::dropIndex));
        r.async("ft._list", async(ctx -> SearchReplies.list(search(ctx).list())));
        r.async("ft.info", async(ctx -> resp3(ctx) ? SearchReplies.asMap(SearchReplies.info(search(ctx).info(ctx.string(1))))
                : SearchReplies.info(search(ctx).info(ctx.string(1)))));
        r.async("ft.check", async(ctx -> resp3(ctx) ? SearchReplies.asMap(SearchReplies.check(search(ctx).check(ctx.string(1))))
                : SearchReplies.check(search(ctx).check(ctx.string(1)))));
        r.async("ft.search", async(ctx -> {
            SearchRequest req = SearchRequest.parse(ctx.string(2), strings(ctx, 3));
            SearchResult result = search(ctx).search(ctx.string(1), req);
            return resp3(ctx) ? SearchReplies.search3(result, req) : SearchReplies.search(result, req);
        }));
        r.async("ft.aggregate", async(ctx -> {
            AggregateRequest req = AggregateRequest.parse(ctx.string(2), strings(ctx, 3));
            AggregateResult result = search(ctx).aggregate(ctx.string(1), req);
            return resp3(ctx) ? SearchReplies.aggregate3(result, req.withCursor())
                    : SearchReplies.aggregate(result, req.withCursor());
        }));
        r.async("ft.cursor|read", async(ctx -> {
            int count = 0;
            if (ctx.argc() > 4) {
                if (ctx.argc() != 6 || !ctx.option(4).equals("COUNT")) {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
                count = (int) Math.min(SearchRequest.MAX_LIMIT, Math.max(1, ctx.integer(5)));
            }
            AggregateResult result = search(ctx).cursorRead(ctx.string(2), ctx.integer(3), count);
            return resp3(ctx) ? SearchReplies.aggregate3(result, true) : SearchReplies.aggregate(result, true);
        }));
        r.async("ft.cursor|del", async(ctx -> {
            search(ctx).cursorDelete(ctx.string(2), ctx.integer(3));
            return OK;
        }));
    }

    private static RespValue dropIndex(CommandContext ctx) {
        boolean dd = false;
        if (ctx.argc() == 3) {
            if (!ctx.option(2).equals("DD")) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            dd = true;
        } else if (ctx.argc() > 3) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        search(ctx).drop(ctx.string(1), dd);
        return OK;
    }

    /**
     * Runs {@code body} on the search executor; the reply then waits until every write committed
     * before the body finished is durable, as any read's does.
     */
    private static AsyncCommand async(Function<CommandContext, RespValue> body) {
        return ctx -> CompletableFuture.supplyAsync(() -> {
            RespValue reply = body.apply(ctx);
            // After the body: the search and the documents it loaded may include writes committed
            // while it ran, and the reply must not show a write a crash could still take back.
            return new Answered(reply, ctx.server().store().lastLsn());
        }, search(ctx).executor()).thenCompose(a -> ctx.server().store().whenDurable(a.lsn()).thenApply(v -> a.reply()));
    }

    private record Answered(RespValue reply, long lsn) {
    }

    /** Whether the connection speaks RESP3 (HELLO 3): RediSearch answers it with maps. */
    private static boolean resp3(CommandContext ctx) {
        return ctx.session().protocol() == 3;
    }

    private static SearchService search(CommandContext ctx) {
        return ctx.server().search();
    }

    private static List<String> strings(CommandContext ctx, int from) {
        List<String> out = new ArrayList<>(Math.max(0, ctx.argc() - from));
        for (int i = from; i < ctx.argc(); i++) {
            out.add(ctx.string(i));
        }
        return out;
    }
}
