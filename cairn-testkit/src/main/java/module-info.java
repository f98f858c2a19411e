/** Test-only: a crashable in-memory disk engine, in-memory, faulty, crashable and held-sync file systems, seeds, reference models, history checkers. */
module io.cairn.testkit {
    requires transitive io.cairn.storage;
    requires org.junit.jupiter.api;

    exports io.cairn.testkit;
    exports io.cairn.testkit.disk;
    exports io.cairn.testkit.fs;
    exports io.cairn.testkit.history;
    exports io.cairn.testkit.model;
}
