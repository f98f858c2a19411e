/**
 * Indexes and search shaped like RediSearch, over Lucene. The API is {@code io.cairn.search} (the
 * service, requests and results) and {@code schema} (index definitions); the query parser, the
 * Lucene mapping and the analyzers are internal.
 */
module io.cairn.search {
    requires transitive io.cairn.common;
    requires transitive io.cairn.storage;
    requires transitive io.cairn.document;
    requires org.apache.lucene.core;
    requires org.apache.lucene.analysis.common;
    requires org.apache.lucene.analysis.smartcn;
    requires org.apache.lucene.analysis.kuromoji;
    requires org.apache.lucene.analysis.nori;

    exports io.cairn.search;
    exports io.cairn.search.schema;
}
