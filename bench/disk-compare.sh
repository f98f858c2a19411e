#!/usr/bin/env bash
# Disk databases' first figures with the real redis-benchmark, everything on this machine:
#   1. SET and GET of 100-byte values over a keyspace of --keys keys (50 clients, -P 16), on one
#      Cairn server (--wal fsync, CAIRN_JAVA_OPTS -Xmx512m by default) in database 0 (memory) and
#      database 1 (disk, --disk-databases 1), beside Redis (appendonly yes, appendfsync always);
#   2. RSS after loading --load keys into a disk database, beside the same keys in a memory one,
#      with INFO disk's saves, flushes, compactions, stalls and write amplification.
# Free loopback ports, a temporary directory, everything stopped afterwards; the median of N runs.
#
#   bench/disk-compare.sh [--runs 3] [--requests 500000] [--keys 1000000] [--load 2000000]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS=3; REQ=500000; KEYS=1000000; LOAD=2000000
OUT="${OUT:-$ROOT/results/disk-$(date -u +%Y%m%dT%H%M%SZ)}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2;;
    --requests) REQ="$2"; shift 2;;
    --keys) KEYS="$2"; shift 2;;
    --load) LOAD="$2"; shift 2;;
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
rss_kb() { awk '/VmRSS/{print $2}' "/proc/$1/status"; }
info() { redis-cli -p "$1" info "$2" | tr -d '\r' | grep -E "^($3):" | tr '\n' ' '; }

"$ROOT/cairn" version >/dev/null   # build first, outside the measurements
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -r); $(redis-server --version | cut -d' ' -f1-3); cairn $(git -C "$ROOT" rev-parse --short HEAD)" | tee "$OUT/machine.txt"
echo "system,test,run,rps" > "$OUT/runs.csv"
export CAIRN_JAVA_OPTS="${CAIRN_JAVA_OPTS:--Xms512m -Xmx512m}"

start_cairn() { # port dir args...
  local port=$1 dir=$2; shift 2
  "$ROOT/cairn" server --port "$port" --dir "$dir" --wal fsync "$@" > "$dir.log" 2>&1 &
  PIDS+=($!); wait_port "$port"; echo "$!"
}

CP=$(free_port); start_cairn "$CP" "$TMP/cairn" --disk-databases 1 >/dev/null
RP=$(free_port)
mkdir -p "$TMP/redis"
redis-server --port "$RP" --bind 127.0.0.1 --dir "$TMP/redis" --save "" --appendonly yes --appendfsync always > "$OUT/redis.log" 2>&1 &
PIDS+=($!); wait_port "$RP"

for t in set get; do
  for run in $(seq 1 "$RUNS"); do
    for sys in memory disk redis; do
      case $sys in
        memory) v=$(rps -p "$CP" --dbnum 0 -t $t -n "$REQ" -r "$KEYS" -d 100 -c 50 -P 16);;
        disk) v=$(rps -p "$CP" --dbnum 1 -t $t -n "$REQ" -r "$KEYS" -d 100 -c 50 -P 16);;
        redis) v=$(rps -p "$RP" -t $t -n "$REQ" -r "$KEYS" -d 100 -c 50 -P 16);;
      esac
      echo "$sys,$t,$run,$v" >> "$OUT/runs.csv"
    done
  done
done
info "$CP" disk "disk_stage_saves|disk_stage_save_p50_ms|disk_stage_save_p99_ms|disk_stage_save_max_ms|disk_flushes|disk_compactions|disk_write_stalls|disk_write_amplification" > "$OUT/disk-info-1.txt"
for sys in memory disk redis; do
  for t in set get; do
    printf '%-7s %-4s %s\n' "$sys" "$t" "$(grep "^$sys,$t," "$OUT/runs.csv" | cut -d, -f4 | median)"
  done
done | tee "$OUT/summary.txt"
echo "disk: $(cat "$OUT/disk-info-1.txt")" | tee -a "$OUT/summary.txt"
for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; PIDS=()

# RSS after loading LOAD distinct keys (SET with -r over a keyspace 1000 times larger, -P 16).
for sys in memory disk; do
  P=$(free_port)
  if [[ $sys == disk ]]; then args=(--storage disk); else args=(); fi
  start_cairn "$P" "$TMP/load-$sys" "${args[@]}" >/dev/null
  pid=$(pgrep -f -- "--port $P " | head -1)
  before=$(rss_kb "$pid")
  redis-benchmark -p "$P" -t set -n "$LOAD" -r $((LOAD * 1000)) -d 100 -c 50 -P 16 -q > /dev/null 2>&1
  keys=$(redis-cli -p "$P" dbsize)
  after=$(rss_kb "$pid")
  disk_bytes=$(du -sb "$TMP/load-$sys" | cut -f1)
  echo "$sys: $keys keys, RSS $((before / 1024)) MiB before, $((after / 1024)) MiB after ($(( (after - before) * 1024 / keys )) B/key), directory $((disk_bytes / 1048576)) MiB $( [[ $sys == disk ]] && info "$P" disk "disk_stage_saves|disk_flushes|disk_compactions|disk_write_stalls|disk_write_amplification|disk_data_bytes")" | tee -a "$OUT/summary.txt"
  kill "$pid" 2>/dev/null || true; wait 2>/dev/null || true; PIDS=()
done
echo "results in $OUT"
