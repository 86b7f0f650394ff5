#!/usr/bin/env bash
# CPU per hit, user and system apart: nginx serving a file, a bare Vert.x server (tme.bench.floor.BareVertxMain:
# the framework's floor) and tme-api, all on the same hot answer, one worker / event loop each, in turns: the 66 KB
# identity JSON (no Accept-Encoding), then its 17 KB zstd frame (Accept-Encoding: zstd; nginx and the floor send the
# server's own frame as a file, with Content-Encoding: zstd). Last, tme-api's total over the floor's, per coding.
# Each figure is the serving process's CPU (utime, stime from /proc/<pid>/stat) over a wrk run divided by the
# requests it answered: unlike req/s it hardly depends on what else the machine runs, so it holds on a busy machine.
#
#   mvn -B -DskipTests package && bench/load/cpu.sh
#
# Each round measures the three servers back to back; the ratios printed last are over the sums of all rounds, and
# beside them the median of the rounds' own ratios: on a shared VM one round's figures can move by 20% (seen with the
# same process in consecutive rounds), so a single round decides nothing.
#
# Settings: DURATION=4s ROUNDS=6 CONNECTIONS=64 WARMUP=5 (warm-up runs per server: tme-api's JIT takes some 30 s of
# hits to settle, the floor's much less). Needs wrk, nginx, curl, ss.
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRIPT=cpu.sh
DURATION=${DURATION:-4s}
ROUNDS=${ROUNDS:-6}
CONNECTIONS=${CONNECTIONS:-64}
WARMUP=${WARMUP:-5}
source bench/load/lib/common.sh
require_jars
require_tools wrk nginx curl ss

start_fake 0
start_api tme EVENT_LOOPS=1 ACCESS_LOG=false CACHE_TTL_LATEST=10m
await_apis
TME="http://127.0.0.1:${API_PORTS[0]}/v1/body/durov"
mkdir -p "$WORK/html" && chmod 755 "$WORK" "$WORK/html"
curl -fsS -o "$WORK/html/durov.json" "$TME"
curl -fsS -H 'Accept-Encoding: zstd' -o "$WORK/html/durov.json.zst" "$TME"
chmod 644 "$WORK/html/durov.json" "$WORK/html/durov.json.zst"
next_port; BARE_PORT=$PORT
"$JAVA" $JAVA_OPTS -cp "$BENCH_JAR" tme.bench.floor.BareVertxMain "$BARE_PORT" "$WORK/html/durov.json" \
  >"$WORK/bare.log" 2>&1 &
PIDS+=($!); BARE_PID=$!
await_http "http://127.0.0.1:$BARE_PORT/" "$BARE_PID"
next_port; BARE_ZSTD_PORT=$PORT
"$JAVA" $JAVA_OPTS -cp "$BENCH_JAR" tme.bench.floor.BareVertxMain "$BARE_ZSTD_PORT" "$WORK/html/durov.json.zst" zstd \
  >"$WORK/bare-zstd.log" 2>&1 &
PIDS+=($!); BARE_ZSTD_PID=$!
await_http "http://127.0.0.1:$BARE_ZSTD_PORT/" "$BARE_ZSTD_PID"
next_port; NGINX_PORT=$PORT
cat >"$WORK/nginx.conf" <<NG
worker_processes 1; daemon off; error_log $WORK/nginx-error.log; pid $WORK/nginx.pid;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000;
  server { listen 127.0.0.1:$NGINX_PORT; root $WORK/html; default_type application/json;
    location ~ \.zst\$ { types { } default_type application/json; add_header Content-Encoding zstd; } } }
NG
nginx -c "$WORK/nginx.conf" &
PIDS+=($!)
await_http "http://127.0.0.1:$NGINX_PORT/durov.json" "$!"
NGINX_WORKER=$(pgrep -P "$(cat "$WORK/nginx.pid")" | head -1)
[[ "$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$NGINX_PORT/durov.json")" == \
   "$(stat -c %s "$WORK/html/durov.json")" ]] || die "nginx does not serve the whole file"

HZ=$(getconf CLK_TCK)
# Ticks (user + system) and requests of each server and coding, summed over the rounds, for the ratios at the end.
declare -A TICKS=() REQUESTS=() LAST=()
ROUND_RATIOS_identity=() ROUND_RATIOS_zstd=()
measure() { # $1: name, $2: pid, $3: URL, then wrk's options (a header)
  local u0 s0 u1 s1 out requests name=$1 pid=$2 url=$3
  shift 3
  read -r u0 s0 < <(ticks "$pid")
  out=$(wrk -t 1 -c "$CONNECTIONS" -d "$DURATION" "$@" "$url")
  read -r u1 s1 < <(ticks "$pid")
  requests=$(awk '/requests in/ { print $1 }' <<<"$out")
  TICKS[$name]=$(( ${TICKS[$name]:-0} + u1 - u0 + s1 - s0 ))
  LAST[$name]=$(awk -v t=$((u1 - u0 + s1 - s0)) -v r="$requests" 'BEGIN { print t / r }')
  REQUESTS[$name]=$(( ${REQUESTS[$name]:-0} + requests ))
  awk -v n="$name" -v r="$requests" -v u=$((u1 - u0)) -v s=$((s1 - s0)) -v hz="$HZ" -v rps="$(awk '/Requests\/sec/ { print $2 }' <<<"$out")" \
    'BEGIN { printf "| %s | %d | %.1f | %.1f | %.1f | %.0f |\n", n, r, u * 1e6 / hz / r, s * 1e6 / hz / r, (u + s) * 1e6 / hz / r, rps }'
}
per_request() { awk -v t="${TICKS[$1]}" -v r="${REQUESTS[$1]}" -v hz="$HZ" 'BEGIN { printf "%.2f", t * 1e6 / hz / r }'; }
ZSTD=(-H "Accept-Encoding: zstd")
for _ in $(seq 1 "$WARMUP"); do
  for url in "$TME" "http://127.0.0.1:$BARE_PORT/"; do wrk -t 1 -c "$CONNECTIONS" -d "$DURATION" "$url" >/dev/null; done
  for url in "$TME" "http://127.0.0.1:$BARE_ZSTD_PORT/"; do wrk -t 1 -c "$CONNECTIONS" -d "$DURATION" "${ZSTD[@]}" "$url" >/dev/null; done
done
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); identity $(stat -c %s "$WORK/html/durov.json") bytes, zstd $(stat -c %s "$WORK/html/durov.json.zst") bytes"
echo "| server | requests | user µs/req | system µs/req | total µs/req | req/s |"
echo "|---|---|---|---|---|---|"
for _ in $(seq 1 "$ROUNDS"); do
  measure "nginx 1 worker, identity" "$NGINX_WORKER" "http://127.0.0.1:$NGINX_PORT/durov.json"
  measure "bare Vert.x, 1 loop, identity" "$BARE_PID" "http://127.0.0.1:$BARE_PORT/"
  measure "tme-api, EVENT_LOOPS=1, identity" "${API_PIDS[0]}" "$TME"
  measure "nginx 1 worker, zstd" "$NGINX_WORKER" "http://127.0.0.1:$NGINX_PORT/durov.json.zst"
  measure "bare Vert.x, 1 loop, zstd" "$BARE_ZSTD_PID" "http://127.0.0.1:$BARE_ZSTD_PORT/" "${ZSTD[@]}"
  measure "tme-api, EVENT_LOOPS=1, zstd" "${API_PIDS[0]}" "$TME" "${ZSTD[@]}"
  ROUND_RATIOS_identity+=("$(awk -v t="${LAST["tme-api, EVENT_LOOPS=1, identity"]}" \
    -v b="${LAST["bare Vert.x, 1 loop, identity"]}" 'BEGIN { printf "%.3f", t / b }')")
  ROUND_RATIOS_zstd+=("$(awk -v t="${LAST["tme-api, EVENT_LOOPS=1, zstd"]}" \
    -v b="${LAST["bare Vert.x, 1 loop, zstd"]}" 'BEGIN { printf "%.3f", t / b }')")
done
for coding in identity zstd; do
  nginx=$(per_request "nginx 1 worker, $coding"); bare=$(per_request "bare Vert.x, 1 loop, $coding")
  tme=$(per_request "tme-api, EVENT_LOOPS=1, $coding")
  ratios="ROUND_RATIOS_$coding[@]"
  awk -v c="$coding" -v n="$nginx" -v b="$bare" -v t="$tme" -v m="$(median "${!ratios}")" -v each="$(echo "${!ratios}")" 'BEGIN {
    printf "%s over the rounds: nginx %.2f, floor %.2f, tme-api %.2f µs/req; tme-api / floor %.2fx, / nginx %.2fx;", \
      c, n, b, t, t / b, t / n
    printf " per round: median %.2fx (%s)\n", m, each }'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
nginx -c "$WORK/nginx.conf" -s stop 2>/dev/null || true
