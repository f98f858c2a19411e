/**
 * Sorted-set commands as typed operations: ZADD and its flags, the ZRANGE family by rank, score and
 * lex (and ZRANGESTORE), counts, removals by range, pops (ZPOPMIN, ZPOPMAX, ZMPOP and the blocking
 * BZPOPMIN, BZPOPMAX, BZMPOP), ZUNION / ZINTER /
 * ZDIFF and their STORE forms, ZINTERCARD, ZRANDMEMBER, ZSCAN. Registered by
 * {@link io.cairn.server.command.zset.ZSetCommands}; runs on the engine's
 * {@link io.cairn.storage.engine.ZSetOps}. Depends on nothing above the command layer.
 */
package io.cairn.server.command.zset;
