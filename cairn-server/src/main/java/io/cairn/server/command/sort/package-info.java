/**
 * SORT and SORT_RO as typed operations: {@link io.cairn.server.command.sort.Sort} (options,
 * ordering, LIMIT, GET, STORE), {@code SortPattern} (the keys and hash fields BY and GET name),
 * {@code SortWeight} (numeric weights read as C's strtod reads them). Registered by
 * {@link io.cairn.server.command.sort.SortCommands}; works through the list, set, sorted-set,
 * hash and string reads of {@link io.cairn.storage.engine.Txn}. Depends on nothing above the
 * command layer.
 */
package io.cairn.server.command.sort;
