/**
 * {@code cairn load}: bulk loading of JSON documents into a running server over the network.
 *
 * <p>A {@link io.cairn.cli.load.RecordSource} per input format streams records; the reader thread
 * checks each one ({@link io.cairn.cli.load.RecordValidator}) and hands it to one of several
 * {@link io.cairn.cli.load.LoadWorker}s through bounded queues; each worker pipelines batches of
 * {@code JSON.SET} over its own {@link io.cairn.resp.client.RespClient}. {@link
 * io.cairn.cli.load.LoadReport} counts and reports, {@link io.cairn.cli.load.ProgressBar} draws.
 *
 * <p>This is a client: it speaks RESP through {@code cairn-resp}'s blocking client and must not
 * use the server's engine, storage or Netty's transport (from {@code cairn-server} it takes only
 * {@code ServerConfig}'s size syntax and the {@code json-max-bytes} default). It uses {@code cairn-document}'s JSON parser and writer so
 * that a record is checked exactly as the server will check it.
 */
package io.cairn.cli.load;
