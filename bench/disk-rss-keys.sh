#!/bin/bash
# RSS per key of a disk database: one `cairn server --storage disk --wal write` (CAIRN_JAVA_OPTS
# -Xms512m -Xmx512m by default; disk-cache-size 256mb, disk-stage-size 16mb), loaded with the real
# redis-benchmark (SET of 100-byte values, keys drawn from 10^11 so nearly all distinct, -P 16,
# 50 clients) to 1M, 10M and 20M keys; after each step the server's VmRSS, its directory's bytes
# and INFO disk's memory and save figures. A free loopback port and a temporary directory,
# removed afterwards.
#
#   bench/disk-rss-keys.sh [steps...]       default: 1000000 10000000 20000000
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
command -v redis-benchmark >/dev/null || { echo "needs redis-benchmark (Debian: redis-tools)" >&2; exit 2; }
STEPS=("$@")
[ ${#STEPS[@]} -gt 0 ] || STEPS=(1000000 10000000 20000000)
TMP=$(mktemp -d /tmp/cairn-rss-keys.XXXXXX)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export CAIRN_JAVA_OPTS="${CAIRN_JAVA_OPTS:--Xms512m -Xmx512m}"
"$ROOT/cairn" server --port "$PORT" --dir "$TMP/data" --wal write --storage disk > "$TMP/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
for _ in $(seq 1 600); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
java_pid() { pgrep -f "java.*--port $PORT" | head -1; }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$(java_pid)/status"; }
echo "commit $(git -C "$ROOT" rev-parse --short HEAD); start: rss_kb=$(rss_kb)"
loaded=0
for target in "${STEPS[@]}"; do
  redis-benchmark -p "$PORT" -t set -n $((target - loaded)) -r 100000000000 -d 100 -P 16 -c 50 -q 2>&1 \
    | tr '\r' '\n' | grep -v '^$' | tail -1
  loaded=$target
  echo "target=$target keys=$(redis-cli -p "$PORT" dbsize) rss_kb=$(rss_kb) dir_bytes=$(du -sb "$TMP/data" | cut -f1)"
  redis-cli -p "$PORT" info disk | tr -d '\r' | grep -E '^disk_(memtable_bytes|block_cache_used|data_bytes|stage_saves|stage_save_p99_ms|write_stalls|write_amplification):' | tr '\n' ' '
  echo
done
