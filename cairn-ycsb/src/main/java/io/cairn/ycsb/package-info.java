/**
 * A binding for the official YCSB client ({@code site.ycsb:core}): {@link io.cairn.ycsb.CairnClient}
 * is the {@code site.ycsb.DB} that YCSB loads by name ({@code -db io.cairn.ycsb.CairnClient}). A
 * record is one hash; a scan is Cairn's {@code KEYRANGE} followed by pipelined hash reads.
 * {@link io.cairn.ycsb.ClientSettings} holds the {@code cairn.*} properties.
 *
 * <p>Talks to the server over the wire only (Jedis): it must not depend on any Cairn module.
 */
package io.cairn.ycsb;
