/**
 * Geospatial commands (GEOADD, GEODIST, GEOHASH, GEOPOS, GEOSEARCH, GEOSEARCHSTORE, GEORADIUS,
 * GEORADIUSBYMEMBER and their {@code _RO} forms) on sorted sets, as Redis keeps them: each
 * member's score is the 52-bit {@link io.cairn.server.command.geo.GeoHash} of its point.
 * {@code GeoCommands} and {@code GeoSearch} hold the commands; {@code GeoHash},
 * {@code SearchCells}, {@code GeoShape}, {@code GeoDistance} and {@code GeoText} are the pure
 * math and formatting, with no engine or protocol. Uses only the sorted-set API of
 * {@link io.cairn.storage.engine.Txn}; no storage of its own.
 */
package io.cairn.server.command.geo;
