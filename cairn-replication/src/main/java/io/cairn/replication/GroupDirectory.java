package io.cairn.replication;

import io.cairn.common.StorageIOException;
import io.cairn.storage.engine.ReplicaGroup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.util.MD5FileUtil;

/**
 * What a node keeps beside its Raft log (in {@code dir/raft}) that this module reads itself: the
 * {@code cairn-group} file and, before Ratis starts, the newest snapshot in the state machine's
 * directory ({@code <group-uuid>/sm}, {@code docs/format/raft-entry.md}).
 */
final class GroupDirectory {
    /** A snapshot file and the log position it holds. */
    record Snapshot(Path file, TermIndex at) {
    }

    private GroupDirectory() {
    }

    /**
     * The group this directory belongs to, as the file {@code cairn-group} beside the Raft log
     * records it at the first start: this node's id and every member. A later start with another
     * id or other members is refused, naming both (Raft's safety rests on each node keeping to the
     * group its log belongs to).
     */
    static void checkGroupFile(ReplicaGroup.Settings s) throws IOException {
        Path file = s.dir().resolve("cairn-group");
        String mine = "node-id " + s.nodeId() + "\npeers " + String.join(",", s.members().stream()
                .map(m -> m.id() + "=" + m.host() + ":" + m.raftPort() + ":" + m.clientPort()).sorted().toList()) + "\n";
        if (Files.exists(file)) {
            String found = Files.readString(file, StandardCharsets.UTF_8);
            if (!found.equals(mine)) {
                throw new io.cairn.common.CairnException("this data directory belongs to another group, or this node had"
                        + " another id in it: " + file + " holds '" + found.strip().replace("\n", "; ") + "' but this start has '"
                        + mine.strip().replace("\n", "; ") + "'; start the node with the id and peers it was started with,"
                        + " or with an empty directory");
            }
            return;
        }
        Files.createDirectories(s.dir());
        Path tmp = s.dir().resolve("cairn-group.tmp");
        Files.writeString(tmp, mine, StandardCharsets.UTF_8);
        try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The newest snapshot in {@code sm}, its MD5 checked against the one saved beside it; null when
     * there is none.
     *
     * @throws io.cairn.common.CorruptionException naming the file when the MD5 differs
     */
    static Snapshot newestSnapshot(Path sm) {
        if (!Files.isDirectory(sm)) {
            return null;
        }
        Path newest = null;
        TermIndex at = null;
        try (var files = Files.list(sm)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                var m = SimpleStateMachineStorage.SNAPSHOT_REGEX.matcher(f.getFileName().toString());
                if (m.matches()) {
                    var ti = TermIndex.valueOf(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
                    if (at == null || ti.getIndex() > at.getIndex()) {
                        at = ti;
                        newest = f;
                    }
                }
            }
            if (newest == null) {
                return null;
            }
            var stored = MD5FileUtil.readStoredMd5ForFile(newest.toFile());
            var actual = MD5FileUtil.computeMd5ForFile(newest.toFile());
            if (!stored.equals(actual)) {
                throw new io.cairn.common.CorruptionException(newest.toString(), -1,
                        "snapshot's MD5 " + actual + " is not the one saved beside it (" + stored + ")");
            }
        } catch (IOException e) {
            throw new StorageIOException("cannot read the snapshots in " + sm, e);
        }
        return new Snapshot(newest, at);
    }
}
