#!/usr/bin/env bash
# Resident memory of Cairn beside Redis for the same data: N keys (default 1,000,000) of V-byte
# values (default 100) loaded with `redis-cli --pipe`, no persistence on either side. Prints RSS
# (from /proc/<pid>/status) and bytes per key for both, and Cairn's INFO memory lines.
#   bench/rss-compare.sh [keys] [valueBytes] [string|hash10]   CAIRN_JAVA_OPTS overrides the JVM flags
# hash10: each key a hash of 10 fields f0..f9, each value V bytes (HSET key f0 v ... f9 v).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KEYS="${1:-1000000}"; SIZE="${2:-100}"; TYPE="${3:-string}"
TMP="$(mktemp -d)"; PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 300); do redis-cli -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.1; done; exit 1; }
rss() { awk '/VmRSS/{printf "%.0f\n", $2*1024}' "/proc/$1/status"; }

python3 - "$KEYS" "$SIZE" "$TYPE" > "$TMP/load.txt" <<'PY'
import sys
n, size, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
v = "x" * size
out = sys.stdout
def bulk(s):
    return "$%d\r\n%s\r\n" % (len(s), s)
for i in range(n):
    k = "key:%012d" % i
    if kind == "hash10":
        out.write("*22\r\n" + bulk("HSET") + bulk(k) + "".join(bulk("f%d" % j) + bulk(v) for j in range(10)))
    elif kind == "string":
        out.write("*3\r\n" + bulk("SET") + bulk(k) + bulk(v))
    else:
        sys.exit("unknown type " + kind + " (expected: string or hash10)")
PY
"$ROOT/cairn" version >/dev/null
JOPTS="${CAIRN_JAVA_OPTS:-}"   # empty: ./cairn's defaults
CP=$(free_port); RP=$(free_port)
CAIRN_JAVA_OPTS="$JOPTS" "$ROOT/cairn" server --port "$CP" --dir "$TMP/c" --wal none --checkpoint-interval 0 --checkpoint-log-bytes 0 > "$TMP/c.log" 2>&1 &
PIDS+=($!)
redis-server --port "$RP" --bind 127.0.0.1 --save "" --appendonly no --dir "$TMP" > "$TMP/r.log" 2>&1 &
PIDS+=($!)
wait_port "$CP"; wait_port "$RP"
CPID=$(pgrep -f "cairn.jar server --port $CP" | head -1); RPID=$(pgrep -f "redis-server.*:$RP" | head -1)
c0=$(rss "$CPID"); r0=$(rss "$RPID")
redis-cli -p "$CP" --pipe < "$TMP/load.txt" | tail -1
redis-cli -p "$RP" --pipe < "$TMP/load.txt" | tail -1
sleep 5
c1=$(rss "$CPID"); r1=$(rss "$RPID")
echo "keys=$KEYS type=$TYPE value=${SIZE}B  cairn JVM: $JOPTS"
printf "%-6s %12s %12s %12s %10s\n" system rss_empty rss_loaded dbsize bytes/key
printf "%-6s %12d %12d %12s %10.1f\n" cairn "$c0" "$c1" "$(redis-cli -p "$CP" dbsize)" "$(echo "($c1-$c0)/$KEYS" | bc -l)"
printf "%-6s %12d %12d %12s %10.1f\n" redis "$r0" "$r1" "$(redis-cli -p "$RP" dbsize)" "$(echo "($r1-$r0)/$KEYS" | bc -l)"
echo "cairn/redis RSS loaded: $(echo "$c1/$r1" | bc -l | cut -c1-5)"
redis-cli -p "$CP" info memory | grep -E "^used_memory:|used_memory_rss:|cairn_heap"
redis-cli -p "$RP" info memory | grep -E "^used_memory:|used_memory_rss:"
