package io.cairn.bench.run;

import io.cairn.bench.driver.Capability;
import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Connection;
import io.cairn.bench.driver.Protocol;
import io.cairn.bench.driver.Reply;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-memory server behind the driver API, for testing the runner without a network: records
 * are kept in one sorted map, every command is counted, and every flush's size is kept so tests can
 * see batching. {@code failEveryNthReceive} makes the Nth receive of the whole protocol throw, as a
 * dropped connection would.
 */
final class FakeProtocol implements Protocol {
    final TreeMap<String, Integer> records = new TreeMap<>();
    final AtomicLong commands = new AtomicLong();
    final ConcurrentLinkedQueue<Integer> flushSizes = new ConcurrentLinkedQueue<>();
    final AtomicInteger connects = new AtomicInteger();
    final AtomicLong receives = new AtomicLong();
    private final Set<Capability> capabilities;
    volatile long failEveryNthReceive;
    volatile String errorForKeysStartingWith;

    FakeProtocol(Set<Capability> capabilities) {
        this.capabilities = capabilities.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(capabilities);
    }

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public Connection connect(InetSocketAddress address, int timeoutMillis) {
        connects.incrementAndGet();
        return new FakeConnection();
    }

    private synchronized Reply apply(Command c) {
        commands.incrementAndGet();
        String bad = errorForKeysStartingWith;
        if (bad != null && c.key().startsWith(bad)) {
            return Reply.error("ERR refused " + c.key());
        }
        return switch (c) {
            case Command.ReadRecord r -> records.containsKey(r.key()) ? Reply.ok(records.get(r.key())) : Reply.missing();
            case Command.WriteRecord w -> {
                if (!w.wholeRecord() && !capabilities.contains(Capability.FIELD_UPDATE)) {
                    throw new UnsupportedOperationException("partial update");
                }
                records.merge(w.key(), w.values().size(), (a, b) -> w.wholeRecord() ? b : Math.max(a, b));
                yield Reply.ok();
            }
            case Command.Scan s -> {
                List<String> keys = new ArrayList<>();
                for (Map.Entry<String, Integer> e : records.tailMap(s.key(), true).entrySet()) {
                    if (keys.size() == s.count()) {
                        break;
                    }
                    keys.add(e.getKey());
                }
                yield Reply.keys(keys);
            }
            case Command.SetValue v -> {
                records.put(v.key(), 1);
                yield Reply.ok();
            }
            case Command.GetValue g -> records.containsKey(g.key()) ? Reply.value(new byte[1]) : Reply.missing();
            case Command.SetField f -> Reply.ok();
            case Command.Increment i -> Reply.ok(records.merge(i.key(), 1, Integer::sum));
            case Command.Delete d -> Reply.ok(records.remove(d.key()) == null ? 0 : 1);
            case Command.Call call -> throw new UnsupportedOperationException("Redis commands");
        };
    }

    private final class FakeConnection implements Connection {
        private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();
        private int unflushed;

        @Override
        public void send(Command command) {
            replies.add(apply(command));
            unflushed++;
        }

        @Override
        public void flush() {
            flushSizes.add(unflushed);
            unflushed = 0;
        }

        @Override
        public Reply receive() throws IOException {
            long n = receives.incrementAndGet();
            long every = failEveryNthReceive;
            if (every > 0 && n % every == 0) {
                replies.clear();
                throw new IOException("connection reset (fake)");
            }
            Reply r = replies.poll();
            if (r == null) {
                throw new IllegalStateException("receive: no command outstanding");
            }
            return r;
        }

        @Override
        public void close() {
        }
    }
}
