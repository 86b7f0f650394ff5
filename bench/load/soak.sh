#!/usr/bin/env bash
# Soak: two servers sharing one redis-server in front of the fake t.me, read without pause for SOAK (default 3m)
# while Redis is killed and restarted and t.me flaps (answers 500, then 429 with Retry-After, then normally, in
# turns). Prints, per FLAP period, the answers by status for the cached keys, the servers' heap after a GC and their
# resident memory, and at the end: 5xx answers for cached keys (expected 0), leases left in Redis once the load has
# stopped (expected 0), and the memory trend.
#
#   mvn -B -DskipTests package && bench/load/soak.sh
#
# Builds nothing. Needs a JDK 21+ (JAVA), wrk, curl, ss, redis-server and redis-cli, jcmd (from the JDK).
# Settings (environment): SOAK=3m FLAP=20s (one phase of the cycle Redis down / t.me 500 / t.me 429 / all well)
# CONNECTIONS=32 THREADS=1 JAVA_OPTS (default -Xms256m -Xmx512m). Everything listens on 127.0.0.1; every process
# started here is stopped on exit, Ctrl-C included.
set -euo pipefail

cd "$(dirname "$0")/../.."
SCRIPT=soak.sh
SOAK=${SOAK:-3m}
FLAP=${FLAP:-20s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-1}
source bench/load/lib/common.sh
require_jars
require_tools wrk curl ss redis-server redis-cli
command -v jcmd >/dev/null || [[ -x "${JAVA%java}jcmd" ]] || die "jcmd is missing"
JCMD=$(command -v jcmd || echo "${JAVA%java}jcmd")

# The cached keys: loaded once before the soak, then read for the whole run. Cached for longer than the run, so every
# read is a hit (or, while Redis is away, an L1 hit or a stale answer): none of them may ever be a 5xx.
KEYS=(/v1/body/durov /v1/body/meduzalive /v1/body/topwar_official /v1/preview/durov "/v1/body/durov?position=490"
      /v1/post/durov/499)

start_fake 20
start_redis
for name in a b; do
  start_api "$name" REDIS_URL="$REDIS_URL" EVENT_LOOPS=1 ACCESS_LOG=false CACHE_TTL_LATEST=1h CACHE_TTL_PAGE=1h \
    CACHE_TTL_PREVIEW=1h MEMORY_CACHE_MAX_TTL=5s
done
await_apis
for port in "${API_PORTS[@]}"; do
  for key in "${KEYS[@]}"; do curl -fsS -o /dev/null "http://127.0.0.1:$port$key" || die "could not warm $key"; done
done

restart_redis() {
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no >>"$WORK/redis.log" 2>&1 &
  PIDS+=($!)
  REDIS_PID=$!
}
REDIS_PID=${PIDS[1]}
control() { curl -fsS -o /dev/null -X POST "$FAKE/$1"; }
heap_mb() { # $1: pid -> MB of heap in use after a full GC
  "$JCMD" "$1" GC.run >/dev/null 2>&1 || true
  "$JCMD" "$1" GC.heap_info 2>/dev/null | awk '/used/ { for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1);
    sub(/K,?/, "", v); printf "%d", v / 1024; exit } }'
}
rss_mb() { awk '/VmRSS/ { printf "%d", $2 / 1024 }' "/proc/$1/status"; }

# One wrk per server over the cached keys, counting answers by status (soak.lua), for one phase.
phase() { # $1: phase name
  local port i=0 logs=()
  for port in "${API_PORTS[@]}"; do
    wrk -t "$THREADS" -c "$CONNECTIONS" -d "$FLAP" -s bench/load/soak.lua "http://127.0.0.1:$port" \
      >"$WORK/wrk-$1-$i.log" 2>&1 &
    WRK_PIDS+=($!)
    logs+=("$WORK/wrk-$1-$i.log")
    i=$((i + 1))
  done
  wait "${WRK_PIDS[@]}" 2>/dev/null || true
  WRK_PIDS=()
  local ok=0 s5=0 other=0 log
  for log in "${logs[@]}"; do
    ok=$((ok + $(result "$log" ok))); s5=$((s5 + $(result "$log" s5xx))); other=$((other + $(result "$log" other)))
  done
  TOTAL_5XX=$((TOTAL_5XX + s5))
  printf '%-14s %9d 2xx/304 %6d 5xx %6d other | heap MB %s | RSS MB %s\n' "$1" "$ok" "$s5" "$other" \
    "$(heap_mb "${API_PIDS[0]}")/$(heap_mb "${API_PIDS[1]}")" "$(rss_mb "${API_PIDS[0]}")/$(rss_mb "${API_PIDS[1]}")" \
    | tee -a "$WORK/soak.txt"
}

TOTAL_5XX=0
ROUNDS=$(( $(seconds_of "$SOAK") / ($(seconds_of "$FLAP") * 4) ))
(( ROUNDS >= 1 )) || ROUNDS=1
echo "soak: $ROUNDS rounds of 4 x $FLAP, $CONNECTIONS connections per server, keys: ${KEYS[*]}"
phase warm
for round in $(seq 1 "$ROUNDS"); do
  kill -9 "$REDIS_PID"; wait "$REDIS_PID" 2>/dev/null || true; phase "r$round-redis-down"; restart_redis
  control "__fail?status=500"; phase "r$round-tme-500"
  control "__fail?status=429"; phase "r$round-tme-429"
  control "__heal"; phase "r$round-all-well"
done

# Once the readers stop, no lease may be left behind: each is released, or expires within its lease time (3 s).
sleep 4
LEASES=$(redis-cli -p "$REDIS_PORT" --scan --pattern '*:lease' | wc -l)
echo "5xx for cached keys: $TOTAL_5XX (expected 0); leases left in Redis: $LEASES (expected 0)" | tee -a "$WORK/soak.txt"
echo "log: $WORK/soak.txt"
