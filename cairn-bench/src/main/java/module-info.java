/**
 * {@code cairn bench}: Cairn beside Redis, Tarantool, Memcached, PostgreSQL and embedded Lucene,
 * measured over the wire. Exports only the command tree ({@code cli}) the {@code cairn} command
 * mounts; workloads, drivers, peers, runs, reports and the corpus are internal. Depends on no
 * server module. (msgpack-core and HdrHistogram name no module: their names are derived from
 * their file names.)
 */
module io.cairn.bench {
    requires io.cairn.common;
    requires io.cairn.resp; // the RESP client every RESP driver runs on
    requires info.picocli;
    requires java.desktop; // the charts draw with java.awt, headless
    requires java.management; // the machine table
    requires jdk.management; // its memory and CPU figures
    requires java.sql; // the PostgreSQL reference (its driver is found at run time)
    requires java.xml;
    requires com.fasterxml.jackson.core;
    requires HdrHistogram;
    requires msgpack.core;
    requires org.knowm.xchart;
    requires org.apache.lucene.core;
    requires org.apache.lucene.analysis.common;

    exports io.cairn.bench.cli;
    opens io.cairn.bench.cli to info.picocli;
}
