package io.cairn.bench.corpus;

import io.cairn.common.CairnException;

/** A language's word list is not installed: the message names the file and the package to install. */
public final class MissingWordListException extends CairnException {
    private final Language language;

    public MissingWordListException(Language language, String message, Throwable cause) {
        super(message, cause);
        this.language = language;
    }

    public Language language() {
        return language;
    }
}
