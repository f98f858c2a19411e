/**
 * Server-assisted client-side caching (Redis's {@code CLIENT TRACKING}): {@link ClientTracking}
 * remembers the keys each tracking client read and sends invalidations from the store's change
 * stream; {@link TrackingState} is one client's mode; {@link TrackingCommands} holds CLIENT
 * TRACKING, CACHING, GETREDIR and TRACKINGINFO. Depends on the engine's change stream and the
 * sessions' push delivery only, never on pub/sub's registry.
 */
package io.cairn.server.command.tracking;
