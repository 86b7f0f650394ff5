#!/usr/bin/env bash
# Load run: a fake t.me serving the recorded pages, tme-api servers in front of it, wrk with a Zipf-like mix of
# channels and positions (bench/load/mix.lua). Prints requests/s, latency percentiles, the requests that reached
# t.me and the coalescing ratio (client requests per upstream request).
#
#   bench/load/run.sh single    one server, no Redis (L1 + in-process single-flight)
#   bench/load/run.sh shared    SERVERS servers (default 3) sharing one redis-server (L2 + leases);
#                               one wrk per server, in parallel, CONNECTIONS split between them
#
# Builds nothing: run `mvn -B -DskipTests package` first (needs api/target/tme-api.jar and
# bench/target/benchmarks.jar). Needs wrk, curl, ss, and redis-server for `shared`.
# Settings (environment): DURATION=20s CONNECTIONS=64 THREADS=2 DELAY_MS=200 (per t.me request)
#   WARMUP=5s (hits /v1/body/durov on every server first, then zeroes the upstream count) SERVERS=3
#   JAVA (default $JAVA_HOME/bin/java) JAVA_OPTS.
# Everything listens on 127.0.0.1 only; every process started here is stopped on exit.
set -euo pipefail

cd "$(dirname "$0")/../.."
MODE=${1:-single}
DURATION=${DURATION:-20s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
DELAY_MS=${DELAY_MS:-200}
WARMUP=${WARMUP:-5s}
SERVERS=${SERVERS:-3}
JAVA=${JAVA:-${JAVA_HOME:+$JAVA_HOME/bin/}java}
JAVA_OPTS=${JAVA_OPTS:--Xms256m -Xmx512m --enable-native-access=ALL-UNNAMED}
API_JAR=api/target/tme-api.jar
BENCH_JAR=bench/target/benchmarks.jar
MIX=bench/load/mix.lua

die() { echo "run.sh: $*" >&2; exit 1; }

case "$MODE" in
  single) SERVERS=1 ;;
  shared) [[ "$SERVERS" -ge 1 ]] || die "SERVERS must be at least 1" ;;
  *) die "usage: $0 single|shared" ;;
esac
[[ -f "$API_JAR" && -f "$BENCH_JAR" ]] || die "missing $API_JAR or $BENCH_JAR: run mvn -B -DskipTests package first"
for tool in wrk curl ss; do
  command -v "$tool" >/dev/null || die "$tool is missing (apt-get install -y $tool)"
done
[[ "$MODE" == single ]] || command -v redis-server >/dev/null || die "redis-server is missing"

WORK=$(mktemp -d /tmp/tme-load.XXXXXX)
PIDS=()       # servers, the fake, Redis: stopped on exit
WARM_PIDS=()  # wrk processes: they end by themselves, but not before DURATION if the script is stopped
WRK_PIDS=()
cleanup() {
  local pid
  for pid in "${WRK_PIDS[@]}" "${WARM_PIDS[@]}" "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${WRK_PIDS[@]}" "${WARM_PIDS[@]}" "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A port nobody listens on, that this run has not handed out yet, and below the kernel's ephemeral range (so no
# process binding port 0, such as the fake's inner server, can take it between this check and our bind).
EPHEMERAL_FROM=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
TAKEN=" "
next_port() { # sets PORT (not echoed: a $(...) subshell would lose TAKEN)
  while :; do
    PORT=$((10000 + RANDOM % (EPHEMERAL_FROM - 10000)))
    if [[ "$TAKEN" != *" $PORT "* ]] && ! ss -Htan "sport = :$PORT" | grep -q .; then
      TAKEN+="$PORT "
      return
    fi
  done
}

# Polls until the URL answers 2xx, at most 30s; gives up at once if the process that should answer ($2) died.
await_http() {
  local deadline=$((SECONDS + 30))
  until curl -fsS -o /dev/null "$1" 2>/dev/null; do
    kill -0 "$2" 2>/dev/null || die "the process for $1 exited (logs in $WORK)"
    (( SECONDS < deadline )) || die "no answer from $1 within 30s (logs in $WORK)"
    sleep 0.2
  done
}

fake_count() {
  sed -E "s/.*\"$1\":([0-9]+).*/\\1/" <<<"$HITS"
}

# --- fake t.me -------------------------------------------------------------------------------------------------
next_port
FAKE_PORT=$PORT
"$JAVA" $JAVA_OPTS -cp "$BENCH_JAR" tme.bench.FakeTmeMain "$FAKE_PORT" "$DELAY_MS" >"$WORK/fake.log" 2>&1 &
PIDS+=($!)
await_http "http://127.0.0.1:$FAKE_PORT/__hits" "$!"

# --- Redis (shared mode) ---------------------------------------------------------------------------------------
REDIS_URL=""
if [[ "$MODE" == shared ]]; then
  next_port
  REDIS_PORT=$PORT
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no >"$WORK/redis.log" 2>&1 &
  PIDS+=($!)
  deadline=$((SECONDS + 10))
  until redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; do
    (( SECONDS < deadline )) || die "redis-server did not start (see $WORK/redis.log)"
    sleep 0.1
  done
  REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
fi

# --- tme-api servers -------------------------------------------------------------------------------------------
API_PORTS=()
API_PIDS=()
for i in $(seq 1 "$SERVERS"); do
  next_port
  API_PORTS+=("$PORT")
  env PORT="$PORT" TELEGRAM_BASE_URL="http://127.0.0.1:$FAKE_PORT" ${REDIS_URL:+REDIS_URL="$REDIS_URL"} \
    "$JAVA" $JAVA_OPTS -jar "$API_JAR" >"$WORK/api-$i.log" 2>&1 &
  PIDS+=($!)
  API_PIDS+=($!)
done
for i in "${!API_PORTS[@]}"; do await_http "http://127.0.0.1:${API_PORTS[$i]}/healthz" "${API_PIDS[$i]}"; done

# --- warm-up: JIT the hit path on every server, then count upstream requests from zero ---------------------------
if [[ "$WARMUP" != 0 && "$WARMUP" != 0s ]]; then
  for port in "${API_PORTS[@]}"; do
    wrk -t 1 -c 8 -d "$WARMUP" "http://127.0.0.1:$port/v1/body/durov" >"$WORK/warmup-$port.log" 2>&1 &
    WARM_PIDS+=($!)
  done
  for pid in "${WARM_PIDS[@]}"; do wait "$pid" || die "warm-up wrk failed (see $WORK/warmup-*.log)"; done
fi
curl -fsS -X POST -o /dev/null "http://127.0.0.1:$FAKE_PORT/__reset"

# --- the measured run ----------------------------------------------------------------------------------------
echo "== $MODE: $SERVERS server(s)${REDIS_URL:+ sharing Redis}, wrk $DURATION, $CONNECTIONS connections," \
     "t.me delay ${DELAY_MS}ms, mix $MIX (logs in $WORK)"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
if [[ "$SERVERS" -eq 1 ]]; then
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --latency -s "$MIX" \
    "http://127.0.0.1:${API_PORTS[0]}" -- 1 >"$WORK/wrk-1.log" 2>&1 &
  WRK_PIDS+=($!)
else
  per_server=$(( (CONNECTIONS + SERVERS - 1) / SERVERS ))
  for i in $(seq 1 "$SERVERS"); do
    wrk -t 1 -c "$per_server" -d "$DURATION" --latency -s "$MIX" \
      "http://127.0.0.1:${API_PORTS[$((i - 1))]}" -- "$i" >"$WORK/wrk-$i.log" 2>&1 &
    WRK_PIDS+=($!)
  done
fi
for pid in "${WRK_PIDS[@]}"; do wait "$pid" || die "wrk failed (see $WORK/wrk-*.log)"; done
HITS=$(curl -fsS "http://127.0.0.1:$FAKE_PORT/__hits")
UPSTREAM=$(fake_count upstream_requests)
DISTINCT=$(fake_count distinct_uris)
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# --- report --------------------------------------------------------------------------------------------------
field() { sed -E "s/.* $1=([0-9.]+).*/\1/" <<<"$line"; }
total=0
rps=0
for i in $(seq 1 "${#WRK_PIDS[@]}"); do
  line=$(grep '^RESULT ' "$WORK/wrk-$i.log") || die "no RESULT line in $WORK/wrk-$i.log"
  echo "server $i (port ${API_PORTS[$((i - 1))]}): $(field requests) requests, $(field rps) req/s," \
       "latency p50 $(field p50_ms) ms, p90 $(field p90_ms) ms, p99 $(field p99_ms) ms, p99.9 $(field p999_ms) ms," \
       "max $(field max_ms) ms; errors: status $(field errors_status), timeout $(field errors_timeout)," \
       "connect $(field errors_connect), read $(field errors_read)"
  total=$((total + $(field requests)))
  rps=$(awk -v a="$rps" -v b="$(field rps)" 'BEGIN { printf "%.1f", a + b }')
done
ratio=$(awk -v c="$total" -v u="$UPSTREAM" 'BEGIN { if (u > 0) printf "%.0f", c / u; else print "inf" }')
echo "total: $total client requests, $rps req/s; upstream (fake t.me) requests: $UPSTREAM;" \
     "coalescing ratio: $ratio client requests per upstream request"
echo "upstream requests asked for $DISTINCT different t.me URLs; $((UPSTREAM - DISTINCT)) fetched a URL again" \
     "(latest pages refreshed every ~9s, a page fetched for a post and again for a body at the same position," \
     "misses on different servers that were not merged)"
echo "machine load average (1, 5, 15 min) before: $LOAD_BEFORE, after: $LOAD_AFTER ($(nproc) CPUs)"
