#!/usr/bin/env bash
# Replication's first figures with the real redis-benchmark: SET and GET (-d 100, 50 clients,
# pipelined -P 16 and not) against
#   - a 3-node Cairn group (three `cairn server` processes with --peers, --wal fsync), on its leader;
#   - one Cairn node, --wal fsync;
#   - Redis with one replica, appendonly yes and appendfsync always on both (asynchronous replication:
#     redis-benchmark cannot send WAIT after each write, so Redis here promises less than the group).
# Everything on this machine, free loopback ports, a temporary directory, stopped afterwards; the
# median of N runs. On 2 cores the three nodes, the client and the peers share the CPU.
#
#   bench/replication-compare.sh [--runs 3] [--requests 100000] [--pipelines "1 16"]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS=3; REQ=100000; PIPELINES="1 16"; CLIENTS=50
OUT="${OUT:-$ROOT/results/replication-$(date -u +%Y%m%dT%H%M%SZ)}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2;;
    --requests) REQ="$2"; shift 2;;
    --pipelines) PIPELINES="$2"; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
mkdir -p "$OUT"
TMP="$(mktemp -d)"
PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true; rm -rf "$TMP"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 600); do redis-cli -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "server on $1 did not start" >&2; exit 1; }
rps() { redis-benchmark --csv "$@" 2>/dev/null | tail -1 | tr -d "\"\r" | cut -d, -f2; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

"$ROOT/cairn" version >/dev/null   # build first, outside the measurements
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -r); $(redis-server --version | cut -d' ' -f1-3); cairn $(git -C "$ROOT" rev-parse --short HEAD)" | tee "$OUT/machine.txt"
echo "system,pipeline,test,run,rps" > "$OUT/runs.csv"
export CAIRN_JAVA_OPTS="${CAIRN_JAVA_OPTS:--Xms1g -Xmx1g}"

# The group.
C=(); R=(); PEERS=""
for i in 1 2 3; do C+=("$(free_port)"); R+=("$(free_port)"); PEERS+="${PEERS:+,}n$i=127.0.0.1:${R[$((i-1))]}:${C[$((i-1))]}"; done
for i in 1 2 3; do
  "$ROOT/cairn" server --port "${C[$((i-1))]}" --dir "$TMP/n$i" --node-id "n$i" --peers "$PEERS" > "$OUT/n$i.log" 2>&1 &
  PIDS+=($!)
done
for p in "${C[@]}"; do wait_port "$p"; done
LEADER=""
for _ in $(seq 1 600); do
  for p in "${C[@]}"; do
    [[ "$(redis-cli -p "$p" role 2>/dev/null | head -1)" == master && "$(redis-cli -p "$p" set probe 1 2>/dev/null)" == OK ]] && LEADER=$p && break 2
  done
  sleep 0.1
done
[[ -n "$LEADER" ]] || { echo "no leader" >&2; exit 1; }

SINGLE=$(free_port)
"$ROOT/cairn" server --port "$SINGLE" --dir "$TMP/single" --wal fsync --checkpoint-log-bytes 0 --checkpoint-interval 0 > "$OUT/single.log" 2>&1 &
PIDS+=($!)
RM=$(free_port); RS=$(free_port)
redis-server --port "$RM" --bind 127.0.0.1 --save "" --appendonly yes --appendfsync always --dir "$TMP" --appendfilename m.aof > "$OUT/redis-master.log" 2>&1 &
PIDS+=($!)
mkdir -p "$TMP/replica"
redis-server --port "$RS" --bind 127.0.0.1 --save "" --appendonly yes --appendfsync always --dir "$TMP/replica" --replicaof 127.0.0.1 "$RM" > "$OUT/redis-replica.log" 2>&1 &
PIDS+=($!)
wait_port "$SINGLE"; wait_port "$RM"; wait_port "$RS"

for sys in group single redis; do
  case $sys in group) port=$LEADER;; single) port=$SINGLE;; redis) port=$RM;; esac
  redis-benchmark -p "$port" -q -n 50000 -c "$CLIENTS" -P 16 -t set,get -d 100 >/dev/null 2>&1 # warm-up
  for P in $PIPELINES; do
    for t in set get; do
      for run in $(seq 1 "$RUNS"); do
        v=$(rps -p "$port" -n "$REQ" -c "$CLIENTS" -P "$P" -t "$t" -d 100)
        echo "$sys,$P,$t,$run,$v" >> "$OUT/runs.csv"
      done
    done
  done
done
echo "system,pipeline,test,median_rps" | tee "$OUT/medians.csv"
for sys in group single redis; do for P in $PIPELINES; do for t in set get; do
  m=$(awk -F, -v s=$sys -v p=$P -v t=$t '$1==s && $2==p && $3==t {print $5}' "$OUT/runs.csv" | median)
  echo "$sys,$P,$t,$m" | tee -a "$OUT/medians.csv"
done; done; done
