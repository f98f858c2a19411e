/**
 * The {@code cairn} command ({@code server}, {@code load}, {@code bench}, {@code version}) on
 * picocli, and the runnable {@code cairn.jar}. Exports nothing: it is the top of the stack. The
 * command classes are open to picocli, which reads their annotated fields.
 */
module io.cairn.cli {
    requires io.cairn.server;
    requires io.cairn.document;
    requires io.cairn.resp; // cairn load's client
    requires io.cairn.bench;
    requires info.picocli;
    requires java.xml; // cairn load's XML sources

    opens io.cairn.cli to info.picocli;
    opens io.cairn.cli.load to info.picocli;
}
