#!/usr/bin/env bash
# Load run: a fake t.me serving the recorded pages, tme-api servers in front of it, wrk with a Zipf-like mix of
# channels and positions (bench/load/mix.lua). Prints requests/s, latency percentiles, the requests that reached
# t.me and the coalescing ratio (client requests per upstream request).
#
#   bench/load/run.sh single    one server, no Redis (L1 + in-process single-flight)
#   bench/load/run.sh compare   one server's hot-key hits against nginx serving the same bytes as static files
#                               (identity, gzip, zstd), in turns; EVENT_LOOPS=1 (and as many nginx workers), ROUNDS=2
#   bench/load/run.sh shared    SERVERS servers (default 3) sharing one redis-server (L2 + leases);
#                               one wrk per server, in parallel, CONNECTIONS split between them
#   bench/load/run.sh stalled   one server, no Redis: hit throughput with t.me answering, then with t.me stalled
#                               while a second wrk sends misses for channels nobody asked before (see run_stalled)
#
# Builds nothing: run `mvn -B -DskipTests package` first (needs api/target/tme-api.jar and
# bench/target/benchmarks.jar). Needs wrk, curl, ss, and redis-server for `shared`.
# Settings (environment): DURATION=20s CONNECTIONS=64 THREADS=2 DELAY_MS=200 (per t.me request)
#   WARMUP=5s (hits /v1/body/durov on every server first, then zeroes the upstream count) SERVERS=3
#   JAVA (default $JAVA_HOME/bin/java) JAVA_OPTS.
# stalled only: MISS_CONNECTIONS=16 (0: no misses, a control) MISS_DELAY_MS=0 (pause per miss connection between requests; 0: closed loop)
#   MISS_RETRY_AFTER=1 (miss clients wait what each 503's Retry-After says, as well-behaved clients and edges do)
#   MISS_WARMUP=10s (before phase A, the same stall and misses with the hits, so the miss path is compiled too; 0: none)
#   TELEGRAM_TIMEOUT=5s, MAX_WAITING_REQUESTS (unset: the server's default, 4096), CACHE_TTL=10m (latest pages,
#   pages and posts stay fresh through the run); WARMUP hits the hot keys with bench/load/hits.lua.
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
HITS_MIX=bench/load/hits.lua
MISSES=bench/load/misses.lua
MISS_CONNECTIONS=${MISS_CONNECTIONS:-16}
MISS_DELAY_MS=${MISS_DELAY_MS:-0}
MISS_RETRY_AFTER=${MISS_RETRY_AFTER:-0}
MISS_WARMUP=${MISS_WARMUP:-10s}
EVENT_LOOPS=${EVENT_LOOPS:-1}
ROUNDS=${ROUNDS:-2}
TELEGRAM_TIMEOUT=${TELEGRAM_TIMEOUT:-5s}
MAX_WAITING_REQUESTS=${MAX_WAITING_REQUESTS:-}
CACHE_TTL=${CACHE_TTL:-10m}
# The hot keys of `stalled`: the 4 recorded channels' latest pages, durov's profile, pages around a few positions
# and single posts that are on the recorded pages. Loaded once before the run; hits.lua then asks only for these.
HOT_KEYS=(
  /v1/body/durov /v1/body/meduzalive /v1/body/topwar_official /v1/body/demo_empty /v1/preview/durov
  "/v1/body/durov?position=500" "/v1/body/durov?position=490" "/v1/body/meduzalive?position=141890"
  "/v1/body/topwar_official?position=71000"
  /v1/post/durov/502 /v1/post/durov/499 /v1/post/meduzalive/141896 /v1/post/topwar_official/71008
)

die() { echo "run.sh: $*" >&2; exit 1; }

case "$MODE" in
  single|stalled|compare) SERVERS=1 ;;
  shared) [[ "$SERVERS" -ge 1 ]] || die "SERVERS must be at least 1" ;;
  *) die "usage: $0 single|shared|stalled|compare" ;;
esac
[[ -f "$API_JAR" && -f "$BENCH_JAR" ]] || die "missing $API_JAR or $BENCH_JAR: run mvn -B -DskipTests package first"
for tool in wrk curl ss; do
  command -v "$tool" >/dev/null || die "$tool is missing (apt-get install -y $tool)"
done
[[ "$MODE" != shared ]] || command -v redis-server >/dev/null || die "redis-server is missing"
[[ "$MODE" != compare ]] || command -v nginx >/dev/null || die "nginx is missing (apt-get install -y nginx)"

WORK=$(mktemp -d /tmp/tme-load.XXXXXX)
PIDS=()       # servers, the fake, Redis: stopped on exit
WARM_PIDS=()  # wrk processes: they end by themselves, but not before DURATION if the script is stopped
WRK_PIDS=()
cleanup() {
  local pid
  [[ -z "${NGINX_CONF:-}" ]] || nginx -c "$NGINX_CONF" -s stop 2>/dev/null || true
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

# --- stalled mode ----------------------------------------------------------------------------------------------
# Phase A: hits only (hits.lua over HOT_KEYS), t.me answering. Phase B: t.me stalled (POST /__stall: nothing is
# answered), the same hits wrk and, at the same time, a second wrk (MISS_CONNECTIONS, one thread) asking for
# channels nobody asked before (misses.lua), which wait at the upstream gate until TELEGRAM_TIMEOUT or are refused
# at once. Phase C: t.me answering again (POST /__unstall), hits only: A against C is the run's own drift.
seconds_of() { # 20s, 2m or 20 -> seconds
  case "$1" in *ms) echo 1 ;; *m) echo $(( ${1%m} * 60 )) ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac
}
metric() { # $1: a /metrics answer, $2: a counter name -> its value, or - if absent
  grep -oE "\"$2\":[0-9.eE+-]+" <<<"$1" | head -1 | cut -d: -f2 || echo -
}
delta() { # $1, $2: /metrics answers, $3: a counter name -> the counter's growth from $1 to $2
  awk -v a="$(metric "$1" "$3")" -v b="$(metric "$2" "$3")" 'BEGIN { printf "%d", b - a }'
}
# CPU time in clock ticks: of a process ($1) and of the whole machine (busy, idle), to see where phase B's CPU goes
proc_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat; }
cpu_mark() { # sets the variable named $1 to "server_ticks busy_ticks idle_ticks uptime_centiseconds wrk_ticks"
  # wrk_ticks: CPU of this shell's waited-for children (the wrk and curl processes), from bash's `times`, which
  # must run in this shell (a $(...) subshell starts with no children of its own)
  times >"$WORK/times"
  printf -v "$1" '%s %s %s %s' "$(proc_ticks "${API_PIDS[0]}")" "$(machine_ticks)" \
    "$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)" \
    "$(sed -n 2p "$WORK/times" | awk -v hz="$(getconf CLK_TCK)" '{ t = 0
        for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += 60 * p[1] + p[2] }
        printf "%d", t * hz }')"
}
cpu_report() { # $1, $2: cpu_mark before and after, $3: client requests the server answered -> one line
  awk -v a="$1" -v b="$2" -v n="$3" -v hz="$(getconf CLK_TCK)" 'BEGIN {
    split(a, x, " "); split(b, y, " "); wall = (y[4] - x[4]) / 100
    server = (y[1] - x[1]) / hz; busy = (y[2] - x[2]) / hz; idle = (y[3] - x[3]) / hz; wrk = (y[5] - x[5]) / hz
    printf "  CPU over %.1f s: server %.2f cores (%.1f us per answered request), wrk %.2f cores, everything else" \
           " %.2f cores (the fake, the kernel, other sessions), idle %.2f cores\n", wall, server / wall,
           1e6 * server / n, wrk / wall, (busy - server - wrk) / wall, idle / wall }'
}
hits_wrk() { # $1: phase name; starts wrk with hits.lua in the background, log in $WORK/hits-$1.log
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --latency -s "$HITS_MIX" "$API" -- "$2" "${HOT_KEYS[@]}" \
    >"$WORK/hits-$1.log" 2>&1 &
  WRK_PIDS+=($!)
}
result() { # $1: log file, $2: field -> value
  sed -E "s/.* $2=([0-9.]+).*/\1/" <<<"$(grep '^RESULT ' "$1" || die "no RESULT line in $1")"
}
report_hits() { # $1: label, $2: log file, $3 and $4: /metrics before and after
  echo "$1: $(result "$2" requests) requests, $(result "$2" rps) req/s, latency p50 $(result "$2" p50_ms) ms," \
       "p90 $(result "$2" p90_ms) ms, p99 $(result "$2" p99_ms) ms, p99.9 $(result "$2" p999_ms) ms," \
       "max $(result "$2" max_ms) ms; errors: status $(result "$2" errors_status)," \
       "timeout $(result "$2" errors_timeout), read $(result "$2" errors_read);" \
       "server: $(delta "$3" "$4" cache.l1.hits) L1 hits, $(delta "$3" "$4" cache.misses) misses"
}
# Before phase A: the same stall and misses as in B for MISS_WARMUP, with the hits running, so the JIT has compiled
# the miss path (shedding, timeouts) before anything is measured; otherwise B pays for compiling it on these 2 cores
# and A does not. Then t.me answers again and the stalled loads time out, so A starts as C will.
warm_miss_path() {
  local fake=$1 pids=()
  [[ "$MISS_WARMUP" != 0 && "$MISS_WARMUP" != 0s && "$MISS_CONNECTIONS" -gt 0 ]] || return 0
  curl -fsS -X POST -o /dev/null "$fake/__stall"
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "$MISS_WARMUP" -s "$HITS_MIX" "$API" -- 0 "${HOT_KEYS[@]}" \
    >"$WORK/warm-hits.log" 2>&1 & pids+=($!)
  MISS_DELAY_MS="$MISS_DELAY_MS" MISS_RETRY_AFTER="$MISS_RETRY_AFTER" wrk -t 1 -c "$MISS_CONNECTIONS" \
    -d "$MISS_WARMUP" --timeout 30s -s "$MISSES" "$API" -- "warm$$" >"$WORK/warm-misses.log" 2>&1 & pids+=($!)
  WRK_PIDS+=("${pids[@]}")
  for pid in "${pids[@]}"; do wait "$pid" || die "miss-path warm-up failed (see $WORK/warm-*.log)"; done
  curl -fsS -X POST -o /dev/null "$fake/__unstall"
  sleep $(( $(seconds_of "$TELEGRAM_TIMEOUT") + 1 ))
}

run_stalled() {
  API="http://127.0.0.1:${API_PORTS[0]}"
  local fake="http://127.0.0.1:$FAKE_PORT" m0 m1 mid m2 m3 pid half
  echo "== stalled: 1 server, hits wrk $DURATION x3 phases, $CONNECTIONS connections, $THREADS threads," \
       "${#HOT_KEYS[@]} hot keys (CACHE_TTL_LATEST=CACHE_TTL_PAGE=$CACHE_TTL); misses in phase B:" \
       "$MISS_CONNECTIONS connections, pause ${MISS_DELAY_MS} ms; TELEGRAM_TIMEOUT=$TELEGRAM_TIMEOUT," \
       "MAX_WAITING_REQUESTS=${MAX_WAITING_REQUESTS:-default} (logs in $WORK)"
  echo "machine load average (1, 5, 15 min) at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs)"

  local c0 c1 c2 c3 c4 c5
  warm_miss_path "$fake"
  m0=$(curl -fsS "$API/metrics")
  cpu_mark c0
  hits_wrk A 1
  wait "${WRK_PIDS[-1]}" || die "wrk failed (see $WORK/hits-A.log)"
  cpu_mark c1
  m1=$(curl -fsS "$API/metrics")

  curl -fsS -X POST -o /dev/null "$fake/__stall"
  cpu_mark c2
  hits_wrk B 2
  if (( MISS_CONNECTIONS > 0 )); then
    MISS_DELAY_MS="$MISS_DELAY_MS" MISS_RETRY_AFTER="$MISS_RETRY_AFTER" wrk -t 1 -c "$MISS_CONNECTIONS" -d "$DURATION" --timeout 30s --latency \
      -s "$MISSES" "$API" -- "$$" >"$WORK/misses-B.log" 2>&1 &
    WRK_PIDS+=($!)
  else # a control: t.me stalled, no misses; the misses' line reads all zeroes
    echo "MISSES" >"$WORK/misses-B.log"
    echo "RESULT requests=0 seconds=0 rps=0 p50_ms=0 p90_ms=0 p99_ms=0 p999_ms=0 max_ms=0 errors_connect=0" \
         "errors_read=0 errors_write=0 errors_status=0 errors_timeout=0 bytes=0" >>"$WORK/misses-B.log"
    sleep 1 & # stands in for the misses' wrk in the wait below
    WRK_PIDS+=($!)
  fi
  half=$(( $(seconds_of "$DURATION") / 2 ))
  sleep "$half"
  mid=$(curl -fsS "$API/metrics")
  for pid in "${WRK_PIDS[@]: -2}"; do wait "$pid" || die "wrk failed (see $WORK/hits-B.log, $WORK/misses-B.log)"; done
  cpu_mark c3
  m2=$(curl -fsS "$API/metrics")
  HITS=$(curl -fsS "$fake/__hits")
  curl -fsS -X POST -o /dev/null "$fake/__unstall"
  # let the loads still waiting on the stalled t.me time out, so C starts as A did
  sleep $(( $(seconds_of "$TELEGRAM_TIMEOUT") + 1 ))

  cpu_mark c4
  hits_wrk C 3
  wait "${WRK_PIDS[-1]}" || die "wrk failed (see $WORK/hits-C.log)"
  cpu_mark c5
  m3=$(curl -fsS "$API/metrics")

  report_hits "phase A (t.me answering), hits" "$WORK/hits-A.log" "$m0" "$m1"
  cpu_report "$c0" "$c1" "$(result "$WORK/hits-A.log" requests)"
  report_hits "phase B (t.me stalled), hits  " "$WORK/hits-B.log" "$m1" "$m2"
  cpu_report "$c2" "$c3" "$(( $(result "$WORK/hits-B.log" requests) + $(result "$WORK/misses-B.log" requests) ))"
  report_hits "phase C (t.me back), hits     " "$WORK/hits-C.log" "$m2" "$m3"
  cpu_report "$c4" "$c5" "$(result "$WORK/hits-C.log" requests)"
  awk -v a="$(result "$WORK/hits-A.log" rps)" -v b="$(result "$WORK/hits-B.log" rps)" \
      -v c="$(result "$WORK/hits-C.log" rps)" 'BEGIN {
    printf "hit throughput B/A: %.3f (%+.1f%%); C/A: %.3f; B/mean(A,C): %.3f\n", b / a, 100 * (b / a - 1), c / a,
      2 * b / (a + c) }'
  local log="$WORK/misses-B.log"
  echo "phase B misses: $(result "$log" requests) answered, $(result "$log" rps) req/s, latency p50" \
       "$(result "$log" p50_ms) ms, p99 $(result "$log" p99_ms) ms, max $(result "$log" max_ms) ms;" \
       "by status: $(grep '^MISSES ' "$log" | cut -d' ' -f2-) (503_retry_after: the 503s that carried Retry-After); wrk timeouts $(result "$log" errors_timeout)," \
       "read errors $(result "$log" errors_read) (requests still waiting when wrk stopped are not counted)"
  echo "phase B t.me: $(fake_count upstream_requests) requests reached the fake, $(fake_count stalled) of them" \
       "while stalled (none answered)"
  echo "phase B /metrics at mid-phase (gauges): coalescing.waiting $(metric "$mid" coalescing.waiting)," \
       "gate.queue.waiting $(metric "$mid" gate.queue.waiting), gate.queue.largest_flow" \
       "$(metric "$mid" gate.queue.largest_flow), gate.slots.in_use $(metric "$mid" gate.slots.in_use)," \
       "coalescing.loads_in_flight $(metric "$mid" coalescing.loads_in_flight)"
  echo "phase B /metrics growth over the phase: coalescing.shed $(delta "$m1" "$m2" coalescing.shed)," \
       "gate.queue.shed $(delta "$m1" "$m2" gate.queue.shed), gate.refused.budget" \
       "$(delta "$m1" "$m2" gate.refused.budget), gate.refused.cooldown $(delta "$m1" "$m2" gate.refused.cooldown)," \
       "gate.slots.granted $(delta "$m1" "$m2" gate.slots.granted), upstream.requests" \
       "$(delta "$m1" "$m2" upstream.requests), upstream.timed_out $(delta "$m1" "$m2" upstream.timed_out)," \
       "coalescing.stale.served $(delta "$m1" "$m2" coalescing.stale.served)"
  echo "machine load average (1, 5, 15 min) at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# --- compare mode ----------------------------------------------------------------------------------------------
# The hot key's answer from tme-api and the very same bytes from nginx (a static file per coding: identity, gzip,
# zstd), measured in turns with the same wrk command, EVENT_LOOPS event loops against as many nginx workers.
run_compare() {
  local api="http://127.0.0.1:${API_PORTS[0]}" dir="$WORK/nginx" coding
  mkdir -p "$dir/html"
  curl -fsS -o "$dir/html/durov.json" "$api/v1/body/durov"
  curl -fsS -o "$dir/html/durov.zst" -H 'Accept-Encoding: zstd' "$api/v1/body/durov"
  local deadline=$((SECONDS + 30))
  until [[ "$(curl -fsS -o "$dir/html/durov.gz" -w '%header{content-encoding}' -H 'Accept-Encoding: gzip' \
        "$api/v1/body/durov")" == gzip ]]; do
    (( SECONDS < deadline )) || die "no gzip copy within 30s"
    sleep 0.2
  done
  next_port
  local nginx_port=$PORT
  cat >"$dir/nginx.conf" <<CONF
worker_processes $EVENT_LOOPS;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on; tcp_nopush on; keepalive_requests 100000000;
  server {
    listen 127.0.0.1:$nginx_port;
    root $dir/html;
    default_type application/json;
    location = /durov.gz { add_header Content-Encoding gzip; }
    location = /durov.zst { add_header Content-Encoding zstd; }
  }
}
CONF
  nginx -c "$dir/nginx.conf" || die "nginx did not start (see $dir/error.log)"
  NGINX_CONF="$dir/nginx.conf"
  echo "== compare: the same $(stat -c %s "$dir/html/durov.json")-byte answer (gzip $(stat -c %s "$dir/html/durov.gz")," \
       "zstd $(stat -c %s "$dir/html/durov.zst") bytes), nginx $(nginx -v 2>&1 | cut -d/ -f2) with $EVENT_LOOPS" \
       "worker(s) against tme-api with EVENT_LOOPS=$EVENT_LOOPS; wrk -t $THREADS -c $CONNECTIONS -d $DURATION," \
       "in turns, $ROUNDS round(s) (logs in $WORK)"
  echo "machine load average (1, 5, 15 min) at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs)"
  printf '%-9s %-6s %10s %8s %8s %9s %7s\n' coding server 'req/s' 'p50 ms' 'p99 ms' 'p99.9 ms' 'tme/ngx'
  local round line nginx_rps
  for round in $(seq 1 "$ROUNDS"); do
    for coding in identity gzip zstd; do
      local file=durov.json header=()
      [[ $coding == gzip ]] && file=durov.gz header=(-H 'Accept-Encoding: gzip')
      [[ $coding == zstd ]] && file=durov.zst header=(-H 'Accept-Encoding: zstd')
      compare_one nginx "http://127.0.0.1:$nginx_port/$file" "$coding" "${header[@]}"
      nginx_rps=$(result "$WORK/compare-nginx-$coding.log" rps)
      compare_one tme "$api/v1/body/durov" "$coding" "${header[@]}"
      awk -v t="$(result "$WORK/compare-tme-$coding.log" rps)" -v n="$nginx_rps" 'BEGIN { printf "%54s %.2f\n", "", t / n }'
    done
  done
}

compare_one() { # $1: server name, $2: URL, $3: coding, then wrk's -H arguments
  local name=$1 url=$2 coding=$3 log
  shift 3
  log="$WORK/compare-$name-$coding.log"
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --latency -s bench/load/one.lua "$@" "$url" >"$log" 2>&1 \
    || die "wrk failed (see $log)"
  printf '%-9s %-6s %10s %8s %8s %9s\n' "$coding" "$name" "$(result "$log" rps)" "$(result "$log" p50_ms)" \
    "$(result "$log" p99_ms)" "$(result "$log" p999_ms)"
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
API_ENV=()
if [[ "$MODE" == stalled ]]; then
  API_ENV=(CACHE_TTL_LATEST="$CACHE_TTL" CACHE_TTL_PAGE="$CACHE_TTL" TELEGRAM_TIMEOUT="$TELEGRAM_TIMEOUT"
           ${MAX_WAITING_REQUESTS:+MAX_WAITING_REQUESTS="$MAX_WAITING_REQUESTS"})
elif [[ "$MODE" == compare ]]; then
  API_ENV=(CACHE_TTL_LATEST="$CACHE_TTL" EVENT_LOOPS="$EVENT_LOOPS")
fi
for i in $(seq 1 "$SERVERS"); do
  next_port
  API_PORTS+=("$PORT")
  env PORT="$PORT" ACCESS_LOG="${ACCESS_LOG:-false}" TELEGRAM_BASE_URL="http://127.0.0.1:$FAKE_PORT" ${REDIS_URL:+REDIS_URL="$REDIS_URL"} \
    ${API_ENV[@]+"${API_ENV[@]}"} "$JAVA" $JAVA_OPTS -jar "$API_JAR" >"$WORK/api-$i.log" 2>&1 &
  PIDS+=($!)
  API_PIDS+=($!)
done
for i in "${!API_PORTS[@]}"; do await_http "http://127.0.0.1:${API_PORTS[$i]}/healthz" "${API_PIDS[$i]}"; done

# --- warm-up: JIT the hit path on every server, then count upstream requests from zero ---------------------------
if [[ "$MODE" == stalled ]]; then # the hot keys first, each loaded once; none may fail
  for key in "${HOT_KEYS[@]}"; do
    status=$(curl -sS -o /dev/null -w '%{http_code}' "http://127.0.0.1:${API_PORTS[0]}$key")
    [[ "$status" == 200 ]] || die "warm-up: $key answered $status, not 200 (logs in $WORK)"
  done
fi
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
if [[ "$MODE" == compare ]]; then
  run_compare
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
