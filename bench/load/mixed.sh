#!/usr/bin/env bash
# Issue 30's mixed load, one command: the same open-loop, Zipf-shaped mix of routes against three setups in turn, on
# one fake t.me that answers every request after DELAY_MS, and one Markdown table side by side.
#
#   one    one tme-api server (its defaults, but the upstream budget: see SERVER_ENV below)
#   fleet  FLEET tme-api servers and a refresher (ROLE=refresher) sharing one redis-server; the generator spreads its
#          connections over the servers (connection k to server k mod FLEET), as a load balancer would
#   nginx  nginx with the proxy_cache recipe people put in front of the prior-art service (proxy_cache_valid any 1m,
#          upstream Cache-Control ignored, proxy_cache_lock on; GETs cached, POSTs passed on) in front of a slow
#          origin serving the same bytes: one tme-api server with its caches turned off (every freshness 1 ms, no
#          stale answers), so each request nginx passes on costs a t.me request and a parse, as the prior-art
#          service (no server cache for pages, posts, feeds) costs; its answers are tme-api's own bytes, so both
#          sides serve identical bodies. nginx sends $upstream_cache_status as X-Cache (measurement only), LOCK_WAIT
#          for a request that waited on proxy_cache_lock (nginx says HIT), counted as a miss
#
# The load (tme.bench.mixed.MixedMain): RATE requests a second for WARMUP (the fleet: FLEET_WARMUP; not measured)
# then DURATION, whatever the answers, over CONNECTIONS keep-alive connections; each request a route class drawn by
# MIX (/v1/body/<ch>, /v1/post/<ch>/<id>, POST /v1/previews of GROUP channels, /v1/feed?channels=<GROUP channels>,
# POST /graphql, /feeds/<ch>.atom) and a channel drawn Zipf(EXPONENT) over CHANNELS names (the fake serves any name
# as durov's recorded page); the same draws (SEED) for every column. Latencies count from each request's intended start
# (coordinated omission corrected), per route class, split by X-Cache into hits and misses (GraphQL and POST answers
# carry none: "every answer" only). CPU per answer: the servers' processes (/proc/<pid>/stat) over the measured span;
# the fleet's refresher and redis-server, and the recipe's origin, each apart. tme-api's columns also count their hits
# by the servers' own clock (their tme_http_requests_seconds histogram, request read to answer written, over the
# measured span): a hit the generator timed at 3 ms that the server answered within 1 ms spent the rest outside it.
# t.me requests / distinct pages: the fake's counts over the column's whole run, warm-up included.
#
# Before the timed run, every distinct request of the mix is asked once, closed loop, 64 at a time (WARM_PASSES=1):
# the measured run is the steady state of a server that has served its readers for a while (JIT compiled, each
# page loaded once), and its misses are what a running cache has: expiries (tme-api's latest pages after
# CACHE_TTL_LATEST 10s, the recipe's entries after 1m) and what else the mix asks for the first time. WARM_PASSES=0
# starts cold instead (the warm-up at RATE then takes the cold misses, and a short WARMUP is not enough for them).
# The warm-up at RATE lets the servers' JIT compilers finish: a JVM still compiling spends its cores on C2, not on
# its requests (measured: one server's compilers took most of its CPU for the first minute of the mix; three servers
# compiling the same code on the same two cores took three times as long, and with a 10 s warm-up the fleet's
# measured minute was 60% compiling, CPU per answer 5.4 ms against 2.0 ms once settled). The table's row "JIT
# compiler threads" is their share of the measured span: a figure far from 0 is not a steady state.
#
# HITS_ONLY=1: "hits only": every server's freshness set to 1h (nginx: proxy_cache_valid 1h, and its origin keeps its
# normal cache), every distinct request of the mix asked twice before the run (WARM lines in the column's file), so
# the measured run has no misses: compare a hit's p99 here with the mixed run's.
#
# Builds nothing: run `mvn -B -DskipTests package` first (api/target/tme-api.jar, bench/target/benchmarks.jar).
# Needs a JDK 21+, nginx, redis-server, redis-cli, curl and ss (installed with apt-get where missing).
# Run it as `bench/load/run.sh mixed` or as this file.
# Settings (environment), defaults for a run of about 11 minutes (columns of 3, 5 and 3 minutes: start, warm-up
# pass, WARMUP or FLEET_WARMUP, DURATION):
#   RATE=300 DURATION=60s WARMUP=60s FLEET_WARMUP=180s CONNECTIONS=200 TIMEOUT=10s CHANNELS=300 EXPONENT=1.1
#   GROUP=3 SEED=1
#   MIX=body=35,post=20,previews=10,feed=10,graphql=10,atom=15 ACCEPT_ENCODING=gzip (empty: identity)
#   DELAY_MS=300 FLEET=3 COLUMNS="one fleet nginx" HITS_ONLY=0|1 WARM_PASSES (1; hits only 2)
#   AWAIT_SECONDS=120 (how long a server may take to start)
#   SERVER_ENV: environment of every tme-api server, NAME=value separated by spaces; default
#     "TELEGRAM_RATE=1000 TELEGRAM_BURST=1000 CLIENT_UPSTREAM_SHARE=1 PARSE_PRIORITY=idle": the generator is one
#     client address, and a budget of 10/s shared 4 ways would answer most of the cold mix 429 (issue 30, item 1);
#     the parsers as a server in a session of its own runs them (below)
#   JAVA_OPTS for the servers (default -Xms512m -Xmx512m and scripts/jvm.sh's collector options: the heap starts at
#   its maximum, and survivors are promoted at once, as ./tme start runs it).
#   TOOL_OPTS for the generator's JVM (default -Xms64m -Xmx512m; e.g. add -Xlog:gc to see its own pauses).
# Prints a line per column as it goes, then the table (also in $WORK/table.md).
set -euo pipefail

cd "$(dirname "$0")/../.."
SCRIPT=mixed.sh
HITS_ONLY=${HITS_ONLY:-0}
AWAIT_SECONDS=${AWAIT_SECONDS:-120}
RATE=${RATE:-300}
DURATION=${DURATION:-60s}
WARMUP=${WARMUP:-60s}
FLEET_WARMUP=${FLEET_WARMUP:-180s}
CONNECTIONS=${CONNECTIONS:-200}
TIMEOUT=${TIMEOUT:-10s}
CHANNELS=${CHANNELS:-300}
EXPONENT=${EXPONENT:-1.1}
GROUP=${GROUP:-3}
SEED=${SEED:-1}
MIX=${MIX:-body=35,post=20,previews=10,feed=10,graphql=10,atom=15}
ACCEPT_ENCODING=${ACCEPT_ENCODING-gzip}
DELAY_MS=${DELAY_MS:-300}
FLEET=${FLEET:-3}
COLUMNS=${COLUMNS:-one fleet nginx}
# PARSE_PRIORITY=idle: what a server in a session of its own runs with (PARSE_PRIORITY=auto); started from this
# script, it shares the script's session and auto would keep its parsers normal.
DEFAULT_SERVER_ENV="TELEGRAM_RATE=1000 TELEGRAM_BURST=1000 CLIENT_UPSTREAM_SHARE=1 PARSE_PRIORITY=idle"
read -r -a EVERY_SERVER_ENV <<<"${SERVER_ENV:-$DEFAULT_SERVER_ENV}"
TOOL_OPTS=${TOOL_OPTS:-"-Xms64m -Xmx512m"} # the generator's JVM
case "$HITS_ONLY" in
  0) MODE=mixed FRESH=(); NGINX_VALID=1m; WARM_PASSES=${WARM_PASSES:-1} ;;
  1) MODE="hits only" FRESH=(CACHE_TTL_LATEST=1h CACHE_TTL_PAGE=1h CACHE_TTL_PREVIEW=2h FEED_FRESH_TTL=1h FEED_STALE_TTL=2h)
        NGINX_VALID=1h
        WARM_PASSES=${WARM_PASSES:-2} ;;
  *) echo "mixed.sh: HITS_ONLY is 0 or 1, not $HITS_ONLY" >&2; exit 2 ;;
esac
# The nginx column's origin: nothing kept past 1 ms, no stale answer, so every request it gets goes to t.me; and its
# parses scheduled as the prior-art service's are, as equals of every other thread on the machine (nginx's workers
# included): tme-api's own parsers give way to every other thread of their session (PARSE_PRIORITY=idle), which
# would lend the recipe a politeness its real origin does not have (docs/performance.md, section 17, tenth session).
NO_CACHE=(CACHE_TTL_LATEST=1ms CACHE_TTL_PAGE=1ms CACHE_TTL_PREVIEW=1ms CACHE_TTL_SEARCH=1ms STALE_WHILE_REVALIDATE=0s
  MAX_STALE=0s EARLY_REFRESH_WINDOW=0 FEED_FRESH_TTL=1ms FEED_STALE_TTL=1ms PARSE_PRIORITY=normal)
source bench/load/lib/common.sh
umask 022

# One column's load: MixedMain against the URLs, its lines and the fake's counts in $WORK/<column>.txt.
run_mix() { # $1: column, $2: CPU groups (name=pid,pid ...), then the servers' base URLs
  local column=$1 cpu=() group url args=() out="$WORK/$1.txt" warmup=$WARMUP
  if [[ "$column" == fleet ]]; then warmup=$FLEET_WARMUP; fi
  for group in $2; do cpu+=(--cpu "$group"); done
  shift 2
  for url in "$@"; do args+=(--url "$url"); done
  # tme-api's own timing of its hits (nginx would pass /metrics on to its origin)
  if [[ "$column" != nginx ]]; then args+=(--server-clock yes); fi
  curl -fsS -X POST -o /dev/null "$FAKE/__reset"
  run_job "$JAVA" $TOOL_OPTS -cp "$BENCH_JAR" tme.bench.mixed.MixedMain "${args[@]}" "${cpu[@]}" \
    --clk-tck "$(getconf CLK_TCK)" --rate "$RATE" --warmup "$warmup" --duration "$DURATION" \
    --connections "$CONNECTIONS" --timeout "$TIMEOUT" --channels "$CHANNELS" --exponent "$EXPONENT" \
    --group "$GROUP" --mix "$MIX" --seed "$SEED" --warm-passes "$WARM_PASSES" \
    ${ACCEPT_ENCODING:+--header "Accept-Encoding: $ACCEPT_ENCODING"} >"$out" 2>"$WORK/$column.err" \
    || die "the generator failed (see $WORK/$column.err)"
  echo "TME $(curl -fsS "$FAKE/__hits" | tr -d '{}"' | tr ',:' ' =')" >>"$out"
  echo "  $column: $(grep '^CLASS name=all ' "$out" | cut -d' ' -f3-9); $(grep '^TME ' "$out")"
}

stop_all() { # every server of the column that ended
  local pid
  for pid in "$@"; do stop_process "$pid"; done
  API_PORTS=() API_PIDS=()
}

column_one() {
  echo "== one tme-api server"
  start_api one "${EVERY_SERVER_ENV[@]}" ${FRESH[@]+"${FRESH[@]}"}
  await_apis
  run_mix one "front=${API_PIDS[0]}" "http://127.0.0.1:${API_PORTS[0]}"
  stop_all "${API_PIDS[@]}"
}

column_fleet() {
  local i urls=() redis_pid pids
  echo "== $FLEET tme-api servers and a refresher on one redis-server"
  start_redis
  redis_pid=${PIDS[-1]}
  for i in $(seq 1 "$FLEET"); do
    start_api "fleet-$i" REDIS_URL="$REDIS_URL" "${EVERY_SERVER_ENV[@]}" ${FRESH[@]+"${FRESH[@]}"}
    urls+=("http://127.0.0.1:${API_PORTS[-1]}")
  done
  start_api refresher ROLE=refresher REDIS_URL="$REDIS_URL" "${EVERY_SERVER_ENV[@]}" ${FRESH[@]+"${FRESH[@]}"}
  await_apis
  pids=$(IFS=,; echo "${API_PIDS[*]:0:$FLEET}")
  # The servers apart from the refresher and Redis: which of the fleet's processes the CPU goes to.
  run_mix fleet "front=$pids refresher=${API_PIDS[-1]} redis=$redis_pid" "${urls[@]}"
  stop_all "${API_PIDS[@]}" "$redis_pid"
}

column_nginx() {
  local origin_pid workers
  echo "== nginx proxy_cache recipe (proxy_cache_valid any $NGINX_VALID, proxy_cache_lock) in front of a slow origin"
  if [[ "$HITS_ONLY" == 1 ]]; then
    start_api origin "${EVERY_SERVER_ENV[@]}" ${FRESH[@]+"${FRESH[@]}"}
  else
    start_api origin "${EVERY_SERVER_ENV[@]}" "${NO_CACHE[@]}"
  fi
  await_apis
  origin_pid=${API_PIDS[0]}
  start_recipe "${API_PORTS[0]}"
  workers=$(pgrep -P "$NGINX_PID" | paste -sd, -)
  run_mix nginx "front=$NGINX_PID${workers:+,$workers} origin=$origin_pid" "$NGINX_URL"
  stop_all "$origin_pid" "$NGINX_PID"
}

# The recipe: proxy_cache with a 1-minute validity for any answer, upstream caching headers ignored, and
# proxy_cache_lock so concurrent misses of one URL send one request. What is not the recipe is marked: the X-Cache
# header (to classify answers), the log and temp paths, keep-alive for the generator's connections.
start_recipe() { # $1: the origin's port; sets NGINX_URL and NGINX_PID
  local dir="$WORK/nginx"
  mkdir -p "$dir/tmp" "$dir/cache"
  chmod 755 "$WORK"   # nginx's workers run as nobody when it is started as root: they must reach the cache
  chmod -R 777 "$dir"
  next_port
  cat >"$dir/nginx.conf" <<CONF
worker_processes auto;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000; keepalive_timeout 10m; # not the recipe: the generator's connections stay open
  client_body_temp_path $dir/tmp/body; proxy_temp_path $dir/tmp/proxy; fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi; scgi_temp_path $dir/tmp/scgi;
  proxy_cache_path $dir/cache levels=1:2 keys_zone=tme:64m max_size=1g inactive=60m use_temp_path=off;
  # Measurement only: X-Cache says how the answer came. A request that waited on proxy_cache_lock for another's load
  # is logged HIT by nginx, but it waited for t.me (nginx wakes waiters every 500 ms): LOCK_WAIT, counted as a miss,
  # as tme-api counts a request that joined another's load (X-Cache: upstream).
  map "\$upstream_cache_status:\$request_time" \$x_cache {
    ~^HIT:0\.[0-4] HIT;
    ~^HIT: LOCK_WAIT;
    default \$upstream_cache_status;
  }
  server {
    listen 127.0.0.1:$PORT;
    location / {
      proxy_pass http://127.0.0.1:$1;
      proxy_set_header Host \$host;
      proxy_cache tme;
      proxy_cache_valid any $NGINX_VALID;
      proxy_ignore_headers Cache-Control Expires Set-Cookie;
      proxy_cache_lock on;
      proxy_hide_header X-Cache;                       # measurement only: the origin's own level is not nginx's
      add_header X-Cache \$x_cache always;               # measurement only: HIT, MISS, EXPIRED... (none for a POST)
    }
  }
}
CONF
  nginx -e "$dir/error.log" -p "$dir" -c "$dir/nginx.conf" &
  NGINX_PID=$!
  PIDS+=("$NGINX_PID")
  NGINX_URL="http://127.0.0.1:$PORT"
  await_http "$NGINX_URL/healthz" "$NGINX_PID"
}

require_jars
require_tools curl ss nginx redis-server redis-cli
echo "== mixed load ($MODE): $RATE req/s, $WARMUP warm-up (fleet $FLEET_WARMUP) + $DURATION measured per column," \
     "$CONNECTIONS connections, $CHANNELS channels Zipf($EXPONENT), mix $MIX, t.me ${DELAY_MS} ms; logs in $WORK"
echo "uptime at the start: $(uptime)"
start_fake "$DELAY_MS"
curl -fsS -X POST -o /dev/null "$FAKE/__any_channel"
TABLE_ARGS=()
for column in $COLUMNS; do
  "column_$column"
  case "$column" in
    one) TABLE_ARGS+=("tme-api, one server=$WORK/one.txt") ;;
    fleet) TABLE_ARGS+=("tme-api, $FLEET servers + refresher, Redis=$WORK/fleet.txt") ;;
    nginx) TABLE_ARGS+=("nginx proxy_cache recipe, uncached origin=$WORK/nginx.txt") ;;
  esac
done
echo
echo "== the table ($MODE; also in $WORK/table.md)"
run_job "$JAVA" $TOOL_OPTS -cp "$BENCH_JAR" tme.bench.mixed.MixTableMain "${TABLE_ARGS[@]}" >"$WORK/table.md"
cat "$WORK/table.md"
echo "uptime at the end: $(uptime)"
