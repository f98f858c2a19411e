/**
 * Reference models that tests compare the engine against: {@link io.cairn.testkit.model.KeyspaceModel}
 * is a plain, obviously-correct keyspace of strings, hashes and sorted sets with expiry, and
 * {@link io.cairn.testkit.model.StoreDump} renders a store and a model in one canonical form.
 * Test-only; must not be used by production code.
 */
package io.cairn.testkit.model;
