package io.cairn.search.query;

import io.cairn.common.InvalidRequestException;

/** A query that does not parse; the message says where, in RediSearch's words. */
public final class QuerySyntaxException extends InvalidRequestException {
    public QuerySyntaxException(String message) {
        super(message);
    }
}
