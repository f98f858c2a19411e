package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.server.ServerConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Disk databases through a running server: hot keys in memory beside cold ones in RocksDB, data
 * surviving restarts with a stage far smaller than the data, expiry of keys that live only in the
 * engine, the refusals, a database that becomes a disk database, and search over one.
 */
class DiskDatabasesTest {
    @TempDir
    Path dir;

    @Test
    void aDiskDatabaseBesideMemoryOnesKeepsItsDataAcrossRestarts() {
        String[] disk = {"disk-databases", "1", "disk-stage-size", "4096"};
        try (TestServer s = TestServer.start(dir, "fsync", disk); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.set("hot", "in memory");
            j.select(1);
            for (int i = 0; i < 2000; i++) {
                j.set("k" + i, "v" + i);
                j.hset("h" + (i % 50), "f" + i, Integer.toString(i));
            }
            j.rpush("list", "a", "b", "c");
            j.zadd("z", 2.5, "m");
            j.sadd("set", "x", "y");
            assertThat(j.dbSize()).isEqualTo(2000 + 50 + 3);
            assertThat(j.get("k1234")).isEqualTo("v1234");
            assertThat(j.hlen("h7")).isEqualTo(40);
            assertThat(j.del("k0", "k1", "nope")).isEqualTo(2);
            Map<String, String> info = info(j.info("disk"));
            assertThat(info).containsEntry("disk_databases", "1").containsEntry("disk_engine", "rocksdb");
            assertThat(Long.parseLong(info.get("disk_stage_saves"))).as("the stage was saved").isPositive();
            assertThat(Long.parseLong(info.get("disk_journal_fsyncs"))).as("the journal's fsyncs").isPositive();
            assertThat(info).containsKeys("disk_journal_write_p99_ms", "disk_stage_save_p99_ms", "disk_flush_p99_ms",
                    "disk_compaction_p99_ms", "disk_write_amplification");
            assertThat(j.info("keyspace")).contains("db1:keys=2051,expires=0");
        }
        try (TestServer s = TestServer.start(dir, "fsync", disk); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.get("hot")).isEqualTo("in memory");
            j.select(1);
            assertThat(j.dbSize()).isEqualTo(2051);
            assertThat(j.get("k0")).isNull();
            assertThat(j.get("k1999")).isEqualTo("v1999");
            assertThat(j.hget("h49", "f1999")).isEqualTo("1999");
            assertThat(j.lrange("list", 0, -1)).containsExactly("a", "b", "c");
            assertThat(j.zscore("z", "m")).isEqualTo(2.5);
            assertThat(j.smembers("set")).containsExactlyInAnyOrder("x", "y");
            assertThat(j.keys("h4*")).containsExactlyInAnyOrder("h4", "h40", "h41", "h42", "h43", "h44", "h45", "h46",
                    "h47", "h48", "h49");
            assertThat(j.randomKey()).isNotNull();
            j.flushDB();
            assertThat(j.dbSize()).isZero();
        }
        try (TestServer s = TestServer.start(dir, "fsync", disk); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.get("hot")).isEqualTo("in memory");
            j.select(1);
            assertThat(j.dbSize()).as("FLUSHDB of the disk database survived the restart").isZero();
            assertThat(j.get("k1999")).isNull();
        }
    }

    /** A hash, a set, a list, a sorted set and a stream past their small layouts, kept element by element, through a restart. */
    @Test
    void bigCollectionsKeepTheirElementsAcrossRestarts() {
        String[] disk = {"storage", "disk", "disk-stage-size", "4096"};
        try (TestServer s = TestServer.start(dir, "fsync", disk); Jedis j = new Jedis("127.0.0.1", s.port())) {
            for (int i = 0; i < 3000; i++) {
                j.hset("hash", "f" + i, "v" + i);
                j.sadd("set", "m" + i);
                j.rpush("list", "e" + i);
                j.zadd("zset", i % 1000, "m" + i);
                j.xadd("stream", new redis.clients.jedis.StreamEntryID(i + 1, 1), java.util.Map.of("n", String.valueOf(i + 1)));
            }
            j.hdel("hash", "f5");
            j.zrem("zset", "m5");
            j.xdel("stream", new redis.clients.jedis.StreamEntryID(5, 1));
            j.srem("set", "m5");
            j.lpop("list");
        }
        try (TestServer s = TestServer.start(dir, "fsync", disk); Jedis j = new Jedis("127.0.0.1", s.port())) {
            assertThat(j.objectEncoding("hash")).isEqualTo("hashtable");
            assertThat(j.hlen("hash")).isEqualTo(2999);
            assertThat(j.hget("hash", "f2999")).isEqualTo("v2999");
            assertThat(j.hget("hash", "f5")).isNull();
            assertThat(j.scard("set")).isEqualTo(2999);
            assertThat(j.sismember("set", "m5")).isFalse();
            assertThat(j.sismember("set", "m6")).isTrue();
            assertThat(j.llen("list")).isEqualTo(2999);
            assertThat(j.lindex("list", 0)).isEqualTo("e1");
            assertThat(j.lrange("list", -2, -1)).containsExactly("e2998", "e2999");
            java.util.Set<String> fields = new java.util.HashSet<>();
            String cursor = "0";
            do {
                var page = j.hscan("hash", cursor);
                page.getResult().forEach(e -> fields.add(e.getKey()));
                cursor = page.getCursor();
            } while (!cursor.equals("0"));
            assertThat(fields).hasSize(2999);
            assertThat(j.objectEncoding("zset")).isEqualTo("skiplist");
            assertThat(j.zcard("zset")).isEqualTo(2999);
            assertThat(j.zscore("zset", "m2999")).isEqualTo(999.0);
            assertThat(j.zrange("zset", 0, 2)).containsExactly("m0", "m1000", "m2000");
            assertThat(j.zrevrangeByScore("zset", "999", "998", 0, 2)).containsExactly("m999", "m2999");
            assertThat(j.zcount("zset", "5", "5")).isEqualTo(2);
            assertThat(j.zrank("zset", "m1")).isEqualTo(3);
            assertThat(j.zadd("zset", -1, "m2999")).isZero();
            assertThat(j.zpopmin("zset").getElement()).isEqualTo("m2999");
            assertThat(j.zpopmax("zset").getElement()).isEqualTo("m999");
            assertThat(j.zrandmember("zset", 5)).hasSize(5).doesNotHaveDuplicates();
            java.util.Set<String> members = new java.util.HashSet<>();
            cursor = "0";
            do {
                var page = j.zscan("zset", cursor);
                page.getResult().forEach(e -> members.add(e.getElement()));
                cursor = page.getCursor();
            } while (!cursor.equals("0"));
            assertThat(members).hasSize(2997);
            assertThat(j.xlen("stream")).isEqualTo(2999);
            var oldest = j.xrange("stream", (redis.clients.jedis.StreamEntryID) null, null, 2);
            assertThat(oldest).extracting(e -> e.getID().toString()).containsExactly("1-1", "2-1");
            var newest = j.xrevrange("stream", (redis.clients.jedis.StreamEntryID) null, null, 1);
            assertThat(newest.getFirst().getFields()).containsEntry("n", "3000");
            var middle = j.xrange("stream", new redis.clients.jedis.StreamEntryID(1500, 0), new redis.clients.jedis.StreamEntryID(1502, 5), 10);
            assertThat(middle).extracting(e -> e.getID().toString()).containsExactly("1500-1", "1501-1", "1502-1");
            assertThat(j.xdel("stream", new redis.clients.jedis.StreamEntryID(1501, 1))).isEqualTo(1);
            assertThat(j.xtrim("stream", 2000, false)).isEqualTo(998);
            assertThat(j.xlen("stream")).isEqualTo(2000);
            assertThat(j.xrange("stream", (redis.clients.jedis.StreamEntryID) null, null, 1).getFirst().getID().toString()).isEqualTo("1000-1");
            assertThat(j.del("hash", "set", "list", "zset", "stream")).isEqualTo(5);
            assertThat(j.dbSize()).isZero();
        }
    }

    @Test
    void keysThatLiveOnlyInTheEngineExpire() throws InterruptedException {
        try (TestServer s = TestServer.start(dir, "write", "storage", "disk", "disk-stage-size", "4096");
                Jedis j = new Jedis("127.0.0.1", s.port())) {
            for (int i = 0; i < 500; i++) {
                j.set("short" + i, "x", redis.clients.jedis.params.SetParams.setParams().px(200));
                j.set("long" + i, "y");
            }
            assertThat(Long.parseLong(info(j.info("disk")).get("disk_stage_saves"))).isPositive();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (j.dbSize() > 500 && System.nanoTime() < deadline) {
                Thread.sleep(20); // the expiry cycle runs every 100 ms: wait for it to reach them
            }
            assertThat(j.dbSize()).as("the expiry cycle reclaimed the engine's expired keys").isEqualTo(500);
            assertThat(j.exists("short7")).isFalse();
            assertThat(j.get("long7")).isEqualTo("y");
            assertThat(j.info("keyspace")).contains("db0:keys=500,expires=0");
        }
    }

    @Test
    void moveAcrossKindsCopiesAndSwapdbOfADiskDatabaseIsRefused() {
        try (TestServer s = TestServer.start(dir, "fsync", "disk-databases", "1,2"); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.set("k", "v");
            j.set("m", "to disk", redis.clients.jedis.params.SetParams.setParams().ex(1000));
            for (int i = 0; i < 300; i++) {
                j.zadd("board", i, "p" + i);
            }
            assertThat(j.move("m", 1)).as("memory to disk").isEqualTo(1);
            assertThat(j.move("board", 1)).isEqualTo(1);
            assertThat(j.move("absent", 1)).isZero();
            assertThat(j.exists("m", "board")).isZero();
            j.select(1);
            assertThat(j.get("m")).isEqualTo("to disk");
            assertThat(j.ttl("m")).isBetween(990L, 1000L);
            assertThat(j.zcard("board")).isEqualTo(300);
            j.set("k", "taken");
            j.select(0);
            assertThat(j.move("k", 1)).as("present there").isZero();
            assertThat(j.get("k")).isEqualTo("v");
            j.select(1);
            assertThat(j.move("board", 0)).as("disk to memory").isEqualTo(1);
            j.select(0);
            assertThat(j.zscore("board", "p299")).isEqualTo(299.0);
            assertThatThrownBy(() -> j.swapDB(0, 1)).isInstanceOf(JedisDataException.class)
                    .hasMessage("ERR SWAPDB of a disk database is not supported");
            assertThat(j.swapDB(0, 3)).isEqualTo("OK");
            j.select(3);
            assertThat(j.get("k")).as("the connection and the data survived the refusals").isEqualTo("v");
            j.select(1);
            j.set("e", "on disk");
            assertThat(j.move("e", 2)).as("disk to disk").isEqualTo(1);
            j.select(2);
            assertThat(j.get("e")).isEqualTo("on disk");
        }
        try (TestServer s = TestServer.start(dir, "fsync", "disk-databases", "1,2"); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.select(3); // swapped with database 0
            assertThat(j.zcard("board")).as("the moves, replayed into each kind after a restart").isEqualTo(300);
            j.select(1);
            assertThat(j.get("m")).isEqualTo("to disk");
            assertThat(j.exists("board")).isFalse();
        }
    }

    @Test
    void aMemoryDatabaseBecomesADiskDatabaseAndCannotSilentlyGoBack() {
        try (TestServer s = TestServer.start(dir, "fsync"); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.select(1);
            j.set("was", "in memory");
            j.hset("h", "f", "v");
        }
        try (TestServer s = TestServer.start(dir, "fsync", "disk-databases", "1"); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.select(1);
            assertThat(j.get("was")).isEqualTo("in memory");
            assertThat(j.hget("h", "f")).isEqualTo("v");
            assertThat(j.save()).isEqualTo("OK"); // the checkpoint saves it to the engine
        }
        assertThatThrownBy(() -> TestServer.start(dir, "fsync").close())
                .hasMessageContaining("database 1 is a disk database");
        try (TestServer s = TestServer.start(dir, "fsync", "disk-databases", "1"); Jedis j = new Jedis("127.0.0.1", s.port())) {
            j.select(1);
            assertThat(j.get("was")).isEqualTo("in memory");
        }
    }

    @Test
    void searchCoversADiskDatabase() throws InterruptedException {
        String[] disk = {"storage", "disk", "disk-stage-size", "4096"};
        try (TestServer s = TestServer.start(dir, "fsync", disk); Jedis j = new Jedis("127.0.0.1", s.port())) {
            for (int i = 0; i < 300; i++) {
                j.sendCommand(() -> "JSON.SET".getBytes(), "doc:" + i, "$", "{\"title\":\"book " + i + "\",\"n\":" + i + "}");
            }
            assertThat(j.sendCommand(() -> "FT.CREATE".getBytes(), "idx", "ON", "JSON", "PREFIX", "1", "doc:",
                    "SCHEMA", "$.n", "AS", "n", "NUMERIC").toString()).isNotEmpty();
            awaitIndexed(j, 300);
        }
        try (TestServer s = TestServer.start(dir, "fsync", disk); Jedis j = new Jedis("127.0.0.1", s.port())) {
            awaitIndexed(j, 300);
        }
    }

    @Test
    void settingsAreCheckedBeforeAnythingOpens() {
        assertThatThrownBy(() -> new ServerConfig.Builder().set("storage", "disk").set("disk-databases", "1").build())
                .hasMessage("disk-databases: 1 (expected: empty with storage disk, which puts every database on disk)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("disk-databases", "16").build())
                .hasMessage("disk-databases: 16 (expected: databases 0..15)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("disk-databases", "1,x").build())
                .hasMessage("disk-databases: 1,x (expected: database numbers, comma-separated, e.g. 1,2)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("disk-databases", "1,1").build())
                .hasMessage("disk-databases: 1,1 (expected: each database once)");
        assertThatThrownBy(() -> new ServerConfig.Builder().set("storage", "tape").build())
                .hasMessageContaining("storage");
        assertThat(new ServerConfig.Builder().set("disk-databases", "2, 1").build().diskDatabaseSet()).containsExactly(1, 2);
        assertThat(new ServerConfig.Builder().set("storage", "disk").set("databases", "3").build().diskDatabaseSet())
                .containsExactly(0, 1, 2);
    }

    private static void awaitIndexed(Jedis j, long docs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long found = -1;
        while (System.nanoTime() < deadline) {
            Object r = j.sendCommand(() -> "FT.SEARCH".getBytes(), "idx", "@n:[0 +inf]", "LIMIT", "0", "0");
            found = (Long) ((List<?>) r).get(0);
            if (found == docs) {
                return;
            }
            Thread.sleep(20); // indexing runs behind the writes: wait until it caught up
        }
        assertThat(found).as("documents the index found").isEqualTo(docs);
    }

    static Map<String, String> info(String text) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String line : text.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && !line.startsWith("#")) {
                out.put(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        return out;
    }
}
