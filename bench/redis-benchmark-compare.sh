#!/usr/bin/env bash
# Cairn beside Redis with redis-benchmark, as issue 3 / VISION.md ask: the same client, the same
# machine, alternating runs, median of N. Starts both servers on free loopback ports in temporary
# directories and stops them afterwards. Needs redis-server and redis-benchmark (apt-get install
# redis-server redis-tools) and a built ./cairn (it builds on first use).
#
#   bench/redis-benchmark-compare.sh [--runs 3] [--requests 1000000] [--unpipelined-requests 200000]
#                                    [--sizes "3 100"] [--pipelines "1 16"] [--modes "none fsync"]
#                                    [--tests set,get,hset] (any of redis-benchmark -t's tests, e.g.
#                                    lpush,rpush,lpop,rpop,sadd,spop,zadd,zpopmin,lrange_100,lrange_600)
#
# Pairs: Cairn --wal none beside Redis with no persistence; Cairn --wal fsync beside Redis with
# appendonly yes + appendfsync always. Output: one line per (mode, size, pipeline, test) with both
# medians and the ratio, plus every run in $OUT/runs.csv.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS=3; REQ=1000000; REQ_UNPIPELINED=200000; SIZES="3 100"; PIPELINES="1 16"; MODES="none fsync"
TESTS="set,get,hset"; CLIENTS=50; KEYSPACE=100000
OUT="${OUT:-$ROOT/results/redis-benchmark-$(date -u +%Y%m%dT%H%M%SZ)}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2;;
    --requests) REQ="$2"; shift 2;;
    --unpipelined-requests) REQ_UNPIPELINED="$2"; shift 2;;
    --sizes) SIZES="$2"; shift 2;;
    --pipelines) PIPELINES="$2"; shift 2;;
    --modes) MODES="$2"; shift 2;;
    --tests) TESTS="$2"; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
mkdir -p "$OUT"
TMP="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 300); do redis-cli -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "server on $1 did not start" >&2; exit 1; }

"$ROOT/cairn" version >/dev/null   # build first, outside the measurements
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -r); $(redis-server --version | cut -d' ' -f1-3); cairn $(git -C "$ROOT" rev-parse --short HEAD)" | tee "$OUT/machine.txt"
echo "mode,size,pipeline,test,run,system,rps,p50_ms" > "$OUT/runs.csv"

start_pair() { # mode -> sets CAIRN_PORT REDIS_PORT
  local mode="$1"
  CAIRN_PORT=$(free_port); REDIS_PORT=$(free_port)
  CAIRN_JAVA_OPTS="${CAIRN_JAVA_OPTS:--Xms2g -Xmx2g}" "$ROOT/cairn" server --port "$CAIRN_PORT" --dir "$TMP/cairn-$mode" --wal "$mode" \
      --checkpoint-log-bytes 0 --checkpoint-interval 0 > "$OUT/cairn-$mode.log" 2>&1 &
  PIDS+=($!)
  if [[ "$mode" == fsync ]]; then persist=(--appendonly yes --appendfsync always); else persist=(--appendonly no); fi
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --dir "$TMP" --appendfilename "aof-$REDIS_PORT" "${persist[@]}" > "$OUT/redis-$mode.log" 2>&1 &
  PIDS+=($!)
  wait_port "$CAIRN_PORT"; wait_port "$REDIS_PORT"
  # Warm-up (JIT for Cairn, allocator for Redis), not counted.
  for p in "$CAIRN_PORT" "$REDIS_PORT"; do redis-benchmark -p "$p" -t set,get,hset -n 200000 -r "$KEYSPACE" -c "$CLIENTS" -P 16 -q >/dev/null 2>&1; done
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

for mode in $MODES; do
  start_pair "$mode"
  for size in $SIZES; do
    for pipe in $PIPELINES; do
      n=$REQ; [[ "$pipe" == 1 ]] && n=$REQ_UNPIPELINED
      for run in $(seq 1 "$RUNS"); do
        for sys in cairn redis; do
          port=$CAIRN_PORT; [[ $sys == redis ]] && port=$REDIS_PORT
          redis-cli -p "$port" flushall >/dev/null
          redis-benchmark -p "$port" -t "$TESTS" -n "$n" -r "$KEYSPACE" -c "$CLIENTS" -d "$size" -P "$pipe" --csv 2>/dev/null \
            | tail -n +2 | tr -d '"' | while IFS=, read -r test rps avg min p50 rest; do
                echo "$mode,$size,$pipe,$test,$run,$sys,$rps,$p50" >> "$OUT/runs.csv"
              done
        done
      done
    done
  done
  kill "${PIDS[@]}" 2>/dev/null || true; wait 2>/dev/null || true; PIDS=()
done

echo
printf "%-6s %-5s %-4s %-28s %14s %14s %7s\n" mode size P test cairn_rps redis_rps ratio | tee "$OUT/summary.txt"
tail -n +2 "$OUT/runs.csv" | cut -d, -f1-4 | sort -u | while IFS=, read -r mode size pipe test; do
  c=$(awk -F, -v m="$mode" -v s="$size" -v p="$pipe" -v t="$test" '$1==m&&$2==s&&$3==p&&$4==t&&$6=="cairn"{print $7}' "$OUT/runs.csv" | median)
  r=$(awk -F, -v m="$mode" -v s="$size" -v p="$pipe" -v t="$test" '$1==m&&$2==s&&$3==p&&$4==t&&$6=="redis"{print $7}' "$OUT/runs.csv" | median)
  printf "%-6s %-5s %-4s %-28s %14.0f %14.0f %7.2f\n" "$mode" "$size" "$pipe" "$test" "$c" "$r" "$(echo "$c / $r" | bc -l)" | tee -a "$OUT/summary.txt"
done
echo "runs: $OUT/runs.csv"
