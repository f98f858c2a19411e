package io.cairn.it;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Holds the module table of STYLE.md §2 across modules (each module's own LayeringTest holds its
 * package order): dependencies point down common, storage, resp, document, search, server, cli;
 * cairn-bench sits beside the server (common and the protocol's client only) and cairn-ycsb uses no
 * Cairn module. cairn-it sees every module's classes (cairn-ycsb's through a test dependency
 * without its own), so the rules are checked here.
 */
class ModuleLayeringTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.cairn");

    @Test
    void modulesDependOnlyDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy("io.cairn.cli..")
                .layer("bench").definedBy("io.cairn.bench..")
                .layer("ycsb").definedBy("io.cairn.ycsb..")
                .layer("server").definedBy("io.cairn.server..")
                .layer("replication").definedBy("io.cairn.replication..")
                .layer("disk").definedBy("io.cairn.disk..")
                .layer("search").definedBy("io.cairn.search..")
                .layer("document").definedBy("io.cairn.document..")
                .layer("resp").definedBy("io.cairn.resp..")
                .layer("storage").definedBy("io.cairn.storage..")
                .layer("common").definedBy("io.cairn.common..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("ycsb").mayNotBeAccessedByAnyLayer()
                .whereLayer("bench").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("server").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("replication").mayNotBeAccessedByAnyLayer() // found with ServiceLoader
                .whereLayer("disk").mayNotBeAccessedByAnyLayer() // found with ServiceLoader
                .whereLayer("search").mayOnlyBeAccessedByLayers("server", "cli")
                .whereLayer("document").mayOnlyBeAccessedByLayers("search", "server", "cli")
                .whereLayer("resp").mayOnlyBeAccessedByLayers("server", "cli", "bench")
                .whereLayer("storage").mayOnlyBeAccessedByLayers("document", "search", "replication", "disk", "server", "cli")
                .whereLayer("common").mayOnlyBeAccessedByLayers("storage", "resp", "document", "search", "replication", "disk", "server", "cli", "bench")
                .check(CLASSES);
    }

    /** The bench measures servers over the wire: the protocol's client and common, no engine or server. */
    @Test
    void theBenchUsesNoServerModule() {
        noClasses().that().resideInAPackage("io.cairn.bench..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cairn.storage..", "io.cairn.server..",
                        "io.cairn.search..", "io.cairn.document..", "io.cairn.cli..", "io.cairn.testkit..")
                .check(CLASSES);
    }

    /** The YCSB binding talks to Cairn through Jedis only. */
    @Test
    void theYcsbBindingUsesNoCairnModule() {
        noClasses().that().resideInAPackage("io.cairn.ycsb..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cairn.common..", "io.cairn.storage..",
                        "io.cairn.resp..", "io.cairn.server..", "io.cairn.search..", "io.cairn.document..",
                        "io.cairn.cli..", "io.cairn.bench..")
                .check(CLASSES);
    }

    @Test
    void theBenchAndTheBindingAreOnThisClassPath() {
        // The rules above would pass vacuously if their classes were missing.
        org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("io.cairn.bench.cli")).isTrue();
        org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("io.cairn.ycsb")).isTrue();
    }

    @Test
    void documentUsesOnlyTheEngineApiOfStorage() {
        noClasses().that().resideInAPackage("io.cairn.document..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.cairn.storage.io..", "io.cairn.storage.wal..", "io.cairn.storage.index..")
                .check(CLASSES);
    }

    @Test
    void theEngineKeepsDocumentsAsOpaqueBytes() {
        noClasses().that().resideInAPackage("io.cairn.storage..")
                .should().dependOnClassesThat().resideInAPackage("io.cairn.document..")
                .check(CLASSES);
    }

    /** Replication is the only module on Apache Ratis; the server reaches it through the engine's {@code ReplicaGroup}. */
    @Test
    void onlyReplicationImportsRatis() {
        noClasses().that().resideOutsideOfPackage("io.cairn.replication..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.ratis..")
                .check(CLASSES);
        noClasses().that().resideInAPackage("io.cairn.replication..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cairn.storage.wal..", "io.cairn.storage.index..",
                        "io.cairn.server..", "io.cairn.resp..", "io.netty..")
                .check(CLASSES);
    }

    /** The disk engine is the only module on RocksDB; the server reaches it through the engine's {@code DiskEngine}. */
    @Test
    void onlyTheDiskEngineImportsRocksDb() {
        noClasses().that().resideOutsideOfPackage("io.cairn.disk..")
                .should().dependOnClassesThat().resideInAPackage("org.rocksdb..")
                .check(CLASSES);
        noClasses().that().resideInAPackage("io.cairn.disk..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cairn.storage.wal..", "io.cairn.storage.index..",
                        "io.cairn.storage.io..", "io.cairn.server..", "io.cairn.resp..", "io.netty..")
                .check(CLASSES);
        org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("io.cairn.disk")).isTrue();
    }

    /** The one other user is the bench's embedded-Lucene reference, on this class path through cairn-cli. */
    @Test
    void onlySearchImportsLucene() {
        noClasses().that().resideOutsideOfPackages("io.cairn.search..", "io.cairn.bench.search..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.lucene..")
                .check(CLASSES);
    }

    /** The engine API, and the {@code FileSystem} seam its catalog is written through (as the engine's files are). */
    @Test
    void searchUsesOnlyTheEngineApiOfStorage() {
        noClasses().that().resideInAPackage("io.cairn.search..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.cairn.storage.wal..", "io.cairn.storage.index..",
                        "io.cairn.resp..", "io.netty..")
                .check(CLASSES);
    }

    @Test
    void onlyTheServerImportsNettysTransport() {
        noClasses().that().resideOutsideOfPackages("io.cairn.server..", "io.cairn.cli..")
                .should().dependOnClassesThat().resideInAPackage("io.netty.channel..")
                .check(CLASSES);
    }

    /** {@code GET /metrics} is the server's: the Prometheus client stays in its {@code metrics} and {@code http} packages. */
    @Test
    void onlyTheServersMetricsImportThePrometheusClient() {
        noClasses().that().resideOutsideOfPackages("io.cairn.server.metrics..", "io.cairn.server.http..")
                .should().dependOnClassesThat().resideInAPackage("io.prometheus..")
                .check(CLASSES);
    }

    /** The HTTP API speaks JSON: only the console's reads, which run commands, see the dispatcher's reply values. */
    @Test
    void theHttpApiSeesRespRepliesOnlyInTheConsole() {
        noClasses().that().resideInAPackage("io.cairn.server.http..")
                .and().haveSimpleNameNotStartingWith("Console").and().doNotHaveSimpleName("RespJson")
                .should().dependOnClassesThat().resideInAPackage("io.cairn.resp..")
                .check(CLASSES);
    }
}
