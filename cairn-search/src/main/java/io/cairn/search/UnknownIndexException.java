package io.cairn.search;

import io.cairn.common.InvalidRequestException;

/**
 * The index named does not exist (or was dropped or altered while the request ran). Worded as
 * RediSearch words it; its own type so callers (the HTTP API's 404) need not match the message.
 */
public final class UnknownIndexException extends InvalidRequestException {
    public UnknownIndexException() {
        super("Unknown index name");
    }
}
