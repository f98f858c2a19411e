package io.cairn.server.command.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Operation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The events commands cause, against what Redis 7.0.15 published for the same commands with
 * {@code notify-keyspace-events KEA} (recorded from {@code __keyevent@*__:*} beside each step).
 */
class KeyspaceEventsTest {
    private final CommandHarness h = new CommandHarness();

    @AfterEach
    void close() {
        h.close();
    }

    /** Runs one command in its own transaction and answers its events as "db:key:event". */
    private List<String> events(String... args) {
        Operation op = h.parse(args);
        return h.store().execute(0, txn -> {
            int mark = txn.mutationCount();
            op.run(txn);
            List<String> out = new ArrayList<>();
            for (KeyspaceEvents.Event e : KeyspaceEvents.of(args[0].toLowerCase(), CommandHarness.bytes(args),
                    txn.mutationsSince(mark), (db, key) -> {
                        int was = txn.db();
                        txn.select(db);
                        boolean there = txn.exists(key);
                        txn.select(was);
                        return there;
                    })) {
                out.add(e.toString());
            }
            return out;
        }).value();
    }

    @Test
    void stringsAndGenericCommandsAsRedisNamesThem() {
        assertThat(events("SET", "s", "v")).containsExactly("0:s:set");
        assertThat(events("SET", "s", "v", "EX", "100")).containsExactly("0:s:set", "0:s:expire");
        assertThat(events("SETEX", "s2", "10", "v")).containsExactly("0:s2:set", "0:s2:expire");
        assertThat(events("SETNX", "s3", "v")).containsExactly("0:s3:set");
        assertThat(events("SETNX", "s3", "v")).isEmpty(); // nothing changed
        assertThat(events("MSET", "m1", "a", "m2", "b")).containsExactly("0:m1:set", "0:m2:set");
        assertThat(events("INCR", "n")).containsExactly("0:n:incrby");
        assertThat(events("INCRBYFLOAT", "n", "1.5")).containsExactly("0:n:incrbyfloat");
        assertThat(events("APPEND", "s", "x")).containsExactly("0:s:append");
        assertThat(events("SETRANGE", "s", "1", "yy")).containsExactly("0:s:setrange");
        assertThat(events("GETDEL", "s3")).containsExactly("0:s3:del");
        assertThat(events("GETEX", "s2", "PERSIST")).containsExactly("0:s2:persist");
        assertThat(events("EXPIRE", "s", "100")).containsExactly("0:s:expire");
        assertThat(events("PERSIST", "s")).containsExactly("0:s:persist");
        assertThat(events("DEL", "m1", "m2", "nokey")).containsExactly("0:m1:del", "0:m2:del");
        assertThat(events("SETBIT", "bits", "3", "1")).containsExactly("0:bits:setbit");
        assertThat(events("PFADD", "hll", "a")).containsExactly("0:hll:pfadd");
        assertThat(events("PFCOUNT", "hll")).isEmpty();
    }

    @Test
    void listsHashesSetsAndSortedSets() {
        assertThat(events("LPUSH", "l", "a", "b")).containsExactly("0:l:lpush");
        assertThat(events("RPUSH", "l", "c")).containsExactly("0:l:rpush");
        assertThat(events("LPOP", "l")).containsExactly("0:l:lpop");
        assertThat(events("RPOP", "l")).containsExactly("0:l:rpop");
        assertThat(events("LINSERT", "l", "BEFORE", "a", "z")).containsExactly("0:l:linsert");
        assertThat(events("LSET", "l", "0", "q")).containsExactly("0:l:lset");
        assertThat(events("LREM", "l", "1", "q")).containsExactly("0:l:lrem");
        assertThat(events("LTRIM", "l", "0", "0")).containsExactly("0:l:ltrim");
        // Redis names the destination first; the events per key are the same
        assertThat(events("RPOPLPUSH", "l", "l2")).containsExactlyInAnyOrder("0:l2:lpush", "0:l:rpop", "0:l:del");
        assertThat(events("LMOVE", "l2", "l3", "LEFT", "RIGHT")).containsExactlyInAnyOrder("0:l3:rpush", "0:l2:lpop", "0:l2:del");
        assertThat(events("HSET", "h", "f", "v")).containsExactly("0:h:hset");
        assertThat(events("HSETNX", "h", "g", "v")).containsExactly("0:h:hset");
        assertThat(events("HINCRBY", "h", "c", "1")).containsExactly("0:h:hincrby");
        assertThat(events("HINCRBYFLOAT", "h", "d", "1.5")).containsExactly("0:h:hincrbyfloat");
        assertThat(events("HDEL", "h", "f", "g", "c", "d")).containsExactly("0:h:hdel", "0:h:del");
        assertThat(events("SADD", "st", "a", "b", "c")).containsExactly("0:st:sadd");
        assertThat(events("SREM", "st", "a")).containsExactly("0:st:srem");
        assertThat(events("SPOP", "st")).containsExactly("0:st:spop");
        events("SADD", "mv", "only");
        assertThat(events("SMOVE", "mv", "st2", "only")).containsExactlyInAnyOrder("0:mv:srem", "0:mv:del", "0:st2:sadd");
        assertThat(events("SPOP", "st2", "5")).containsExactly("0:st2:spop", "0:st2:del"); // every member: spop, then del
        events("SADD", "x1", "a");
        events("SADD", "x2", "a");
        assertThat(events("SINTERSTORE", "dst", "x1", "x2")).containsExactly("0:dst:sinterstore");
        assertThat(events("SDIFFSTORE", "dst", "x1", "x2")).containsExactly("0:dst:del");
        assertThat(events("ZADD", "z", "1", "a", "2", "b")).containsExactly("0:z:zadd");
        assertThat(events("ZINCRBY", "z", "1", "a")).containsExactly("0:z:zincr");
        assertThat(events("ZREM", "z", "a")).containsExactly("0:z:zrem");
        events("ZADD", "z", "3", "c", "4", "d", "5", "e");
        assertThat(events("ZREMRANGEBYSCORE", "z", "3", "3")).containsExactly("0:z:zremrangebyscore");
        assertThat(events("ZREMRANGEBYRANK", "z", "0", "0")).containsExactly("0:z:zremrangebyrank");
        assertThat(events("ZPOPMIN", "z")).containsExactly("0:z:zpopmin");
        assertThat(events("ZMPOP", "1", "z", "MAX")).containsExactly("0:z:zpopmax", "0:z:del");
    }

    @Test
    void renameMoveAndCopyNameBothEnds() {
        events("ZADD", "z", "1", "a");
        assertThat(events("RENAME", "z", "z9")).containsExactly("0:z:rename_from", "0:z9:rename_to");
        assertThat(events("COPY", "z9", "zc")).containsExactly("0:zc:copy_to");
        assertThat(events("MOVE", "zc", "1")).containsExactly("0:zc:move_from", "1:zc:move_to");
        assertThat(events("FLUSHALL")).isEmpty();
    }

    @Test
    void theSettingReadsAndPrintsAsRedisDoes() {
        assertThat(NotifyFlags.parse("KEA").toString()).isEqualTo("AKE");
        assertThat(NotifyFlags.parse("Kg").toString()).isEqualTo("gK");
        assertThat(NotifyFlags.parse("Elsh").toString()).isEqualTo("lshE");
        assertThat(NotifyFlags.parse("Kz$").toString()).isEqualTo("$zK");
        assertThat(NotifyFlags.parse("KEAm").toString()).isEqualTo("AKEm");
        assertThat(NotifyFlags.parse("").enabled()).isFalse();
        assertThat(NotifyFlags.parse("K").enabled()).isFalse(); // a channel without a class
        assertThat(NotifyFlags.parse("g").enabled()).isFalse(); // a class without a channel
        assertThat(NotifyFlags.parse("Ex").enabled()).isTrue();
        assertThatThrownBy(() -> NotifyFlags.parse("Q")).hasMessage("Invalid event class character. Use 'Ag$lshzxeKEtmdn'.");
    }
}
