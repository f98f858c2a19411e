#!/usr/bin/env bash
# Cairn beside Redis over TLS with redis-benchmark --tls: the same client, the same machine,
# alternating runs, median of N. Makes a throwaway CA and server certificate with openssl in a
# temporary directory (removed afterwards), starts Cairn twice (tls-provider openssl, i.e.
# BoringSSL from netty-tcnative, and tls-provider jdk) and redis-server, each with its TLS port
# and its plain port, no persistence and tls-auth-clients no, and measures SET and GET pipelined
# and not, over TLS and (for the cost of TLS) over the plain port. Needs redis-server,
# redis-benchmark (Debian's are built with TLS), openssl and a built ./cairn.
#
#   bench/tls-benchmark-compare.sh [--runs 3] [--requests 500000] [--size 100] [--clients 50]
#                                  [--pipelines "16 1"] [--tests set,get] [--transports "tls plain"]
#
# Output: one line per (transport, pipeline, test) with each system's median requests per second,
# plus every run in $OUT/runs.csv.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS=3; REQ=500000; SIZE=100; CLIENTS=50; PIPELINES="16 1"; TESTS="set,get"; TRANSPORTS="tls plain"
OUT="${OUT:-$ROOT/results/tls-benchmark-$(date -u +%Y%m%dT%H%M%SZ)}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2;;
    --requests) REQ="$2"; shift 2;;
    --size) SIZE="$2"; shift 2;;
    --clients) CLIENTS="$2"; shift 2;;
    --pipelines) PIPELINES="$2"; shift 2;;
    --tests) TESTS="$2"; shift 2;;
    --transports) TRANSPORTS="$2"; shift 2;;
    *) echo "unknown option $1" >&2; exit 2;;
  esac
done
mkdir -p "$OUT"
TMP="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT

# A CA and a server certificate for 127.0.0.1 (RSA 2048, a day), made here and never kept.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=bench CA" -keyout "$TMP/ca.key" -out "$TMP/ca.crt" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$TMP/server.key" -out "$TMP/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' > "$TMP/san.ext"
openssl x509 -req -in "$TMP/server.csr" -CA "$TMP/ca.crt" -CAkey "$TMP/ca.key" -CAcreateserial -days 1 \
    -extfile "$TMP/san.ext" -out "$TMP/server.crt" 2>/dev/null
TLS_CLIENT=(--tls --cacert "$TMP/ca.crt")

USED_PORTS=" "
next_port() { # sets PORT to a free port not handed out before in this run
  while :; do
    PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    [[ "$USED_PORTS" != *" $PORT "* ]] && { USED_PORTS+="$PORT "; return; }
  done
}
wait_tls() { for _ in $(seq 1 300); do redis-cli "${TLS_CLIENT[@]}" -p "$1" ping >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "server on $1 did not start" >&2; exit 1; }

"$ROOT/cairn" version >/dev/null   # build first, outside the measurements
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -r); $(redis-server --version | cut -d' ' -f1-3); $(openssl version); cairn $(git -C "$ROOT" rev-parse --short HEAD); $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$OUT/machine.txt"
echo "transport,pipeline,test,run,system,rps,p50_ms" > "$OUT/runs.csv"

declare -A TLS_PORT PLAIN_PORT
SYSTEMS="cairn-openssl cairn-jdk redis"
for sys in $SYSTEMS; do
  next_port; TLS_PORT[$sys]=$PORT; next_port; PLAIN_PORT[$sys]=$PORT
  echo "$sys: tls port ${TLS_PORT[$sys]}, plain port ${PLAIN_PORT[$sys]}" >> "$OUT/machine.txt"
  case "$sys" in
    cairn-*)
      CAIRN_JAVA_OPTS="${CAIRN_JAVA_OPTS:--Xms2g -Xmx2g}" "$ROOT/cairn" server --port "${PLAIN_PORT[$sys]}" --dir "$TMP/$sys" \
          --wal none --checkpoint-log-bytes 0 --checkpoint-interval 0 --tls-port "${TLS_PORT[$sys]}" \
          --tls-cert-file "$TMP/server.crt" --tls-key-file "$TMP/server.key" --tls-auth-clients no \
          --tls-provider "${sys#cairn-}" > "$OUT/$sys.log" 2>&1 &
      ;;
    redis)
      redis-server --port "${PLAIN_PORT[$sys]}" --tls-port "${TLS_PORT[$sys]}" --bind 127.0.0.1 --save "" --appendonly no \
          --dir "$TMP" --tls-cert-file "$TMP/server.crt" --tls-key-file "$TMP/server.key" --tls-ca-cert-file "$TMP/ca.crt" \
          --tls-auth-clients no > "$OUT/redis.log" 2>&1 &
      ;;
  esac
  PIDS+=($!)
done
for sys in $SYSTEMS; do
  wait_tls "${TLS_PORT[$sys]}"
  # Warm-up (JIT for Cairn, allocator for Redis), not counted.
  redis-benchmark "${TLS_CLIENT[@]}" -p "${TLS_PORT[$sys]}" -t set,get -n 200000 -c "$CLIENTS" -d "$SIZE" -P 16 -q >/dev/null 2>&1
done
grep -h "TLS provider" "$OUT"/cairn-*.log | tee "$OUT/providers.txt" || true

for transport in $TRANSPORTS; do
  for pipe in $PIPELINES; do
    for run in $(seq 1 "$RUNS"); do
      for sys in $SYSTEMS; do
        if [[ $transport == tls ]]; then port=${TLS_PORT[$sys]}; client=("${TLS_CLIENT[@]}"); else port=${PLAIN_PORT[$sys]}; client=(); fi
        redis-cli "${client[@]}" -p "$port" flushall >/dev/null
        redis-benchmark "${client[@]}" -p "$port" -t "$TESTS" -n "$REQ" -c "$CLIENTS" -d "$SIZE" -P "$pipe" --csv 2>/dev/null \
          | tail -n +2 | tr -d '"' | while IFS=, read -r test rps avg min p50 rest; do
              echo "$transport,$pipe,$test,$run,$sys,$rps,$p50" >> "$OUT/runs.csv"
            done
      done
    done
  done
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
echo
printf "%-9s %-4s %-5s %15s %15s %15s %9s\n" transport P test cairn_openssl cairn_jdk redis "ossl/redis" | tee "$OUT/summary.txt"
tail -n +2 "$OUT/runs.csv" | cut -d, -f1-3 | sort -u | while IFS=, read -r transport pipe test; do
  m() { awk -F, -v t="$transport" -v p="$pipe" -v x="$test" -v s="$1" '$1==t&&$2==p&&$3==x&&$5==s{print $6}' "$OUT/runs.csv" | median; }
  o=$(m cairn-openssl); j=$(m cairn-jdk); r=$(m redis)
  printf "%-9s %-4s %-5s %15.0f %15.0f %15.0f %9.2f\n" "$transport" "$pipe" "$test" "$o" "$j" "$r" "$(echo "$o / $r" | bc -l)" | tee -a "$OUT/summary.txt"
done
echo "runs: $OUT/runs.csv"
