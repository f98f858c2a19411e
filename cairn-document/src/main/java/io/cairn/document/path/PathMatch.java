package io.cairn.document.path;

import io.cairn.document.json.JsonValue;

/**
 * A value a path selected and the place it was found. The value is the one seen at evaluation
 * time; after an update, {@link Location#read()} gives the current one.
 */
public record PathMatch(JsonValue value, Location location) {
}
