package io.cairn.common;

/**
 * The caller asked for something the data or the arguments do not allow. The message is meant
 * to be shown to a user as it is; servers map it to a protocol error reply.
 */
public class InvalidRequestException extends CairnException {
    public InvalidRequestException(String message) {
        super(message);
    }
}
