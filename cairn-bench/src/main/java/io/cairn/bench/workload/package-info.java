/**
 * The YCSB core workload model: {@link io.cairn.bench.workload.WorkloadSpec} and the six
 * {@link io.cairn.bench.workload.CoreWorkloads}, the key and value generators they draw from
 * ({@link io.cairn.bench.workload.ZipfianGenerator}, {@link io.cairn.bench.workload.LatestGenerator}
 * and friends), and {@link io.cairn.bench.workload.WorkloadStream}, one client's reproducible
 * sequence of requests. Pure computation: no sockets, no clients, no engine; drivers consume it.
 */
package io.cairn.bench.workload;
