#!/usr/bin/env bash
# Streams and pub/sub, Cairn beside Redis with the real redis-benchmark (issue 11's figures): XADD,
# XREADGROUP, XACK, PUBLISH to 1 and to 100 subscribers, pipelined (-P 16) and not. Both servers
# without persistence (Cairn --wal none, Redis --save '' --appendonly no), on free loopback ports in
# a temporary directory, stopped afterwards; runs alternate (Redis, then Cairn) and the median of N
# is reported. Needs redis-server, redis-cli and redis-benchmark (apt-get install redis-server
# redis-tools) and a built ./cairn (it builds on first use).
#
#   bench/streams-pubsub-compare.sh [--runs 3] [--requests 500000] [--unpipelined-requests 100000]
#                                   [--tests xadd,xreadgroup,xack,publish1,publish100] [--pipelines "16 1"]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS=3; REQ=500000; REQ_UNPIPELINED=100000; TESTS="xadd,xreadgroup,xack,publish1,publish100"; PIPELINES="16 1"
CLIENTS=50
OUT="${OUT:-$ROOT/results/streams-pubsub-$(date -u +%Y%m%dT%H%M%SZ)}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2;;
    --requests) REQ="$2"; shift 2;;
    --unpipelined-requests) REQ_UNPIPELINED="$2"; shift 2;;
    --tests) TESTS="$2"; shift 2;;
    --pipelines) PIPELINES="$2"; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
mkdir -p "$OUT"
TMP="$(mktemp -d)"
PIDS=()
SUBS=()
cleanup() {
  for p in "${SUBS[@]:-}" "${PIDS[@]:-}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true; rm -rf "$TMP"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 300); do redis-cli -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "server on $1 did not start" >&2; exit 1; }
wait_numsub() { # port count: until ch has that many subscribers
  for _ in $(seq 1 600); do
    [[ "$(redis-cli -p "$1" pubsub numsub ch | tail -1)" -ge "$2" ]] && return 0; sleep 0.05
  done
  echo "subscribers did not arrive on $1" >&2; exit 1
}
rps() { redis-benchmark --csv "$@" 2>/dev/null | tail -1 | tr -d "\"\r" | cut -d, -f2; }

"$ROOT/cairn" version >/dev/null   # build first, outside the measurements
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -r); $(redis-server --version | cut -d' ' -f1-3); cairn $(git -C "$ROOT" rev-parse --short HEAD)" | tee "$OUT/machine.txt"
echo "pipeline,test,run,system,rps" > "$OUT/runs.csv"

CAIRN_PORT=$(free_port); REDIS_PORT=$(free_port)
CAIRN_JAVA_OPTS="${CAIRN_JAVA_OPTS:--Xms2g -Xmx2g}" "$ROOT/cairn" server --port "$CAIRN_PORT" --dir "$TMP/cairn" --wal none \
    --checkpoint-log-bytes 0 --checkpoint-interval 0 > "$OUT/cairn.log" 2>&1 &
PIDS+=($!)
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --dir "$TMP" > "$OUT/redis.log" 2>&1 &
PIDS+=($!)
wait_port "$CAIRN_PORT"; wait_port "$REDIS_PORT"
for p in "$CAIRN_PORT" "$REDIS_PORT"; do # warm-up, not counted
  redis-benchmark -p "$p" -q -n 300000 -c "$CLIENTS" -P 16 XADD warm '*' f v >/dev/null 2>&1
  redis-benchmark -p "$p" -q -n 300000 -c "$CLIENTS" -P 16 PUBLISH ch hello >/dev/null 2>&1
done

one() { # test pipeline port -> rps
  local test="$1" pipe="$2" port="$3" n=$REQ
  [[ "$pipe" == 1 ]] && n=$REQ_UNPIPELINED
  redis-cli -p "$port" flushall >/dev/null
  case "$test" in
    xadd) rps -p "$port" -n "$n" -c "$CLIENTS" -P "$pipe" XADD s '*' f v;;
    xreadgroup|xack)
      # a stream of n entries with IDs 1-0, 1-1, ...; a group from the start
      redis-benchmark -p "$port" -q -n "$n" -c "$CLIENTS" -P 16 XADD s '1-*' f v >/dev/null 2>&1
      redis-cli -p "$port" XGROUP CREATE s g 0 >/dev/null
      if [[ "$test" == xreadgroup ]]; then
        rps -p "$port" -n "$n" -c "$CLIENTS" -P "$pipe" XREADGROUP GROUP g c COUNT 1 STREAMS s '>'
      else
        redis-benchmark -p "$port" -q -n "$n" -c "$CLIENTS" -P 16 XREADGROUP GROUP g c COUNT 1 STREAMS s '>' >/dev/null 2>&1
        rps -p "$port" -n "$n" -c "$CLIENTS" -P "$pipe" -r "$n" XACK s g '1-__rand_int__'
      fi;;
    publish1|publish100)
      local subs=1; [[ "$test" == publish100 ]] && subs=100
      for _ in $(seq 1 "$subs"); do redis-cli -p "$port" subscribe ch >/dev/null & SUBS+=($!); done
      wait_numsub "$port" "$subs"
      rps -p "$port" -n "$((n / (subs == 100 ? 2 : 1)))" -c "$CLIENTS" -P "$pipe" PUBLISH ch hello
      kill "${SUBS[@]}" 2>/dev/null || true; wait "${SUBS[@]}" 2>/dev/null || true; SUBS=();;
    *) echo "unknown test $test" >&2; exit 2;;
  esac
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

for pipe in $PIPELINES; do
  for test in ${TESTS//,/ }; do
    for run in $(seq 1 "$RUNS"); do
      for sys in redis cairn; do
        port=$CAIRN_PORT; [[ $sys == redis ]] && port=$REDIS_PORT
        echo "$pipe,$test,$run,$sys,$(one "$test" "$pipe" "$port")" >> "$OUT/runs.csv"
      done
    done
  done
done

echo
printf "%-4s %-12s %12s %12s %7s\n" P test cairn_rps redis_rps ratio | tee "$OUT/summary.txt"
tail -n +2 "$OUT/runs.csv" | cut -d, -f1-2 | awk '!seen[$0]++' | while IFS=, read -r pipe test; do
  c=$(awk -F, -v p="$pipe" -v t="$test" '$1==p&&$2==t&&$4=="cairn"{print $5}' "$OUT/runs.csv" | median)
  r=$(awk -F, -v p="$pipe" -v t="$test" '$1==p&&$2==t&&$4=="redis"{print $5}' "$OUT/runs.csv" | median)
  printf "%-4s %-12s %12.0f %12.0f %7.2f\n" "$pipe" "$test" "$c" "$r" "$(echo "$c / $r" | bc -l)" | tee -a "$OUT/summary.txt"
done
echo "runs: $OUT/runs.csv"
