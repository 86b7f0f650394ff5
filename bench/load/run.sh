#!/usr/bin/env bash
# Load run: a fake t.me serving the recorded pages, tme-api servers in front of it, wrk with a Zipf-like mix of
# channels and positions (bench/load/mix.lua). Prints requests/s, latency percentiles, the requests that reached
# t.me and the coalescing ratio (client requests per upstream request).
#
#   bench/load/run.sh single    one server, no Redis (L1 + in-process single-flight)
#   bench/load/run.sh compare   issue 8's one table: tme-api against nginx on the same bytes, open loop, the fleet
#                               (a cold burst, a hot key over several TTLs), t.me stalled, two event loops; all of it
#                               is bench/load/compare.sh (its settings are there)
#   bench/load/run.sh fairness  issue 15's two experiments side by side: REST hits alone and beside heavy GraphQL,
#                               an ordinary client alone and beside a sprayer (bench/load/fairness.sh has its settings)
#   bench/load/run.sh mixed     issue 30's mixed load: an open-loop Zipf mix of routes against one server, a fleet with a
#                               refresher, and nginx's proxy_cache recipe, side by side (bench/load/mixed.sh has its
#                               settings; HITS_ONLY=1 for hits alone)
#   bench/load/run.sh shared    SERVERS servers (default 3) sharing one redis-server (L2 + leases);
#                               one wrk per server, in parallel, CONNECTIONS split between them
#   bench/load/run.sh stalled   one server, no Redis: hit throughput with t.me answering, then with t.me stalled
#                               while a second wrk sends misses for channels nobody asked before (see run_stalled)
#
# Builds nothing: run `mvn -B -DskipTests package` first (needs api/target/tme-api.jar and
# bench/target/benchmarks.jar). Needs wrk, curl, ss, and redis-server for `shared`.
# Settings (environment): DURATION=20s CONNECTIONS=64 THREADS=2 DELAY_MS=200 (per t.me request)
#   WARMUP=5s (hits /v1/body/durov on every server first, then zeroes the upstream count) SERVERS=3
#   JAVA (default: a JDK 21+ picked as ./tme picks it, scripts/jdk.sh) JAVA_OPTS.
# stalled only: MISS_CONNECTIONS=16 (0: no misses, a control) MISS_DELAY_MS=0 (pause per miss connection between requests; 0: closed loop)
#   MISS_RETRY_AFTER=0 (1: miss clients wait what each 503's Retry-After says, as well-behaved clients and edges do)
#   MISS_WARMUP=10s (before phase A, the same stall and misses with the hits, so the miss path is compiled too; 0: none)
#   TELEGRAM_TIMEOUT=5s, MAX_WAITING_REQUESTS (unset: the server's default, 4096), CACHE_TTL=10m (latest pages,
#   pages and posts stay fresh through the run); WARMUP hits the hot keys with bench/load/hits.lua.
# Everything listens on 127.0.0.1 only; every process started here is stopped on exit.
set -euo pipefail

cd "$(dirname "$0")/../.."
MODE=${1:-single}
if [[ "$MODE" == compare ]]; then
  exec bash bench/load/compare.sh
fi
if [[ "$MODE" == fairness ]]; then
  exec bash bench/load/fairness.sh
fi
if [[ "$MODE" == mixed ]]; then
  exec bash bench/load/mixed.sh
fi
DURATION=${DURATION:-20s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
DELAY_MS=${DELAY_MS:-200}
WARMUP=${WARMUP:-5s}
SERVERS=${SERVERS:-3}
MIX=bench/load/mix.lua
HITS_MIX=bench/load/hits.lua
MISSES=bench/load/misses.lua
MISS_CONNECTIONS=${MISS_CONNECTIONS:-16}
MISS_DELAY_MS=${MISS_DELAY_MS:-0}
MISS_RETRY_AFTER=${MISS_RETRY_AFTER:-0}
MISS_WARMUP=${MISS_WARMUP:-10s}
TELEGRAM_TIMEOUT=${TELEGRAM_TIMEOUT:-5s}
MAX_WAITING_REQUESTS=${MAX_WAITING_REQUESTS:-}
CACHE_TTL=${CACHE_TTL:-10m}
source bench/load/lib/common.sh
source bench/load/lib/stalled.sh

case "$MODE" in
  single|stalled) SERVERS=1 ;;
  shared) [[ "$SERVERS" -ge 1 ]] || die "SERVERS must be at least 1" ;;
  *) die "usage: $0 single|shared|stalled|compare" ;;
esac
require_jars
require_tools wrk curl ss
[[ "$MODE" != shared ]] || require_tools redis-server

# --- fake t.me, Redis (shared mode), the servers ----------------------------------------------------------------
start_fake "$DELAY_MS"
REDIS_URL=""
[[ "$MODE" != shared ]] || start_redis
API_ENV=()
if [[ "$MODE" == stalled ]]; then
  API_ENV=(CACHE_TTL_LATEST="$CACHE_TTL" CACHE_TTL_PAGE="$CACHE_TTL" TELEGRAM_TIMEOUT="$TELEGRAM_TIMEOUT"
           ${MAX_WAITING_REQUESTS:+MAX_WAITING_REQUESTS="$MAX_WAITING_REQUESTS"})
fi
for i in $(seq 1 "$SERVERS"); do
  start_api "$i" ${REDIS_URL:+REDIS_URL="$REDIS_URL"} ${API_ENV[@]+"${API_ENV[@]}"}
done
await_apis

# --- warm-up: JIT the hit path on every server, then count upstream requests from zero ---------------------------
[[ "$MODE" != stalled ]] || load_hot_keys "http://127.0.0.1:${API_PORTS[0]}" # each once; none may fail
if [[ "$WARMUP" != 0 && "$WARMUP" != 0s ]]; then
  for port in "${API_PORTS[@]}"; do
    if [[ "$MODE" == stalled ]]; then
      wrk -t 1 -c 8 -d "$WARMUP" -s "$HITS_MIX" "http://127.0.0.1:$port" -- 0 "${HOT_KEYS[@]}" \
        >"$WORK/warmup-$port.log" 2>&1 &
    else
      wrk -t 1 -c 8 -d "$WARMUP" "http://127.0.0.1:$port/v1/body/durov" >"$WORK/warmup-$port.log" 2>&1 &
    fi
    WARM_PIDS+=($!)
  done
  for pid in "${WARM_PIDS[@]}"; do wait "$pid" || die "warm-up wrk failed (see $WORK/warmup-*.log)"; done
fi
curl -fsS -X POST -o /dev/null "http://127.0.0.1:$FAKE_PORT/__reset"
if [[ "$MODE" == stalled ]]; then
  run_stalled
  exit 0
fi

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
