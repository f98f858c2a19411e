/** JSON documents as RedisJSON has them: the value tree, parser and writer, paths, the stored codec. */
module io.cairn.document {
    requires transitive io.cairn.common;

    exports io.cairn.document;
    exports io.cairn.document.json;
    exports io.cairn.document.path;
    exports io.cairn.document.codec to io.cairn.search;
}
