package io.cairn.bench.cli;

import io.cairn.bench.driver.Command;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.run.ClientSettings;
import io.cairn.bench.run.OpRun;
import io.cairn.bench.workload.KeyNames;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Option;

/**
 * Aggregate writes against per-key writes: a document of N elements written as one record (one
 * HSET, one Tarantool tuple, one Memcached value) against the same N elements written as N single
 * keys (N SETs, sent together in one batch, which is the best a client can do without
 * transactions). Each operation writes one document's worth of elements, so the elements per
 * second are the operations per second times N.
 */
final class DocumentsScenario extends MeasuredScenario {
    @Option(names = "--elements", defaultValue = "10,100", paramLabel = "LIST",
            description = "elements per document, comma-separated")
    String elements;

    @Option(names = "--element-size", defaultValue = "100", paramLabel = "BYTES", converter = Values.WholeNumber.class,
            description = "bytes per element")
    long elementSize;

    DocumentsScenario(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    void check() {
        Values.counts("--elements", elements, 1, 100_000);
        Values.range("--element-size", elementSize, 1, 1 << 20);
    }

    @Override
    void run(BenchRun bench) throws IOException, InterruptedException {
        List<Integer> sizes = Values.counts("--elements", elements, 1, 100_000);
        byte[] value = new byte[(int) elementSize];
        Arrays.fill(value, (byte) 'v');
        for (Systems system : bench.systems()) {
            for (Durability d : bench.durabilities()) {
                String why = system.unsupported(d);
                if (why != null) {
                    for (int n : sizes) {
                        for (ClientSettings cs : bench.clientSettings()) {
                            bench.unsupported(system.label(), d, "document-" + n, "run", cs, why);
                            bench.unsupported(system.label(), d, "keys-" + n, "run", cs, why);
                        }
                    }
                    continue;
                }
                try (Peer peer = bench.start(system, d, false)) {
                    for (int n : sizes) {
                        SequencedMap<String, byte[]> fields = new LinkedHashMap<>();
                        for (int i = 0; i < n; i++) {
                            fields.put(KeyNames.fieldName(i), value);
                        }
                        AtomicLong docs = new AtomicLong(); // shared by the client settings: every run creates keys
                        AtomicLong keys = new AtomicLong();
                        for (ClientSettings cs : bench.clientSettings()) {
                            bench.measure(peer, "document-" + n, "run", cs, i -> () -> new OpRun("document",
                                    List.of(new Command.WriteRecord("doc" + n + ":" + docs.getAndIncrement(), fields, true)),
                                    null, null), bench.warmupNanos(), bench.operations(), bench.durationNanos());
                            bench.measure(peer, "keys-" + n, "run", cs, i -> () -> {
                                long doc = keys.getAndIncrement();
                                List<Command> sets = new ArrayList<>(n);
                                for (int f = 0; f < n; f++) {
                                    sets.add(new Command.SetValue("key" + n + ":" + doc + ":" + f, value));
                                }
                                return new OpRun("keys", sets, null, null);
                            }, bench.warmupNanos(), bench.operations(), bench.durationNanos());
                        }
                    }
                }
            }
        }
    }
}
