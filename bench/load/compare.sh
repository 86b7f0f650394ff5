#!/usr/bin/env bash
# Issue 8's one table: tme-api's hits against nginx serving the very same bytes, and what a hit costs with a fleet,
# expiries, a stalled t.me and two event loops. Run it as `bench/load/run.sh compare` (or as this file).
#
# Builds nothing: run `mvn -B -DskipTests package` first (api/target/tme-api.jar, bench/target/benchmarks.jar).
# Needs a JDK 21+ (JAVA; without it, one picked as ./tme picks it: scripts/jdk.sh), wrk, nginx, redis-server, redis-cli, curl 7.84+ and ss.
# Everything listens on 127.0.0.1 on free ports; every process started here is stopped on exit, Ctrl-C included.
# Prints the machine, a line per measurement as it goes, and at the end the table (Markdown, also in
# $WORK/table.md).
#
# The parts (PARTS="1 2 3 4 5 6"; each gives rows of the table, in this order of running):
#   1  closed loop, `wrk -t THREADS -c CONNECTIONS -d DURATION`, nginx then tme, coding by coding (identity, gzip,
#      zstd), ROUNDS rounds: the hot key /v1/body/durov, then a Zipf(ZIPF_EXPONENT) mix over ZIPF_KEYS channels that
#      both sides replay from the same draws (zipf.lua). One server with EVENT_LOOPS=1 against nginx with
#      worker_processes 1, serving as static files the server's own answers (identity, its gzip copy, its zstd frame).
#   2  open loop (tme.bench.openloop.OpenLoopMain, latency from each request's intended start) on the hot key,
#      identity, at OPEN_LOOP_SHARE% of part 1's tme identity peak (or OPEN_LOOP_RATE), against tme and then
#      nginx at the same rate.
#   5  t.me stalled on the same server: lib/stalled.sh's phases A (normal), B (stalled, MISS_CONNECTIONS misses
#      honouring Retry-After), C (normal again), STALL_DURATION each.
#   6  EVENT_LOOPS=LOOPS against LOOPS nginx workers (wrk -t LOOPS_THREADS), hot key identity; the CPU of each
#      vert.x-eventloop thread (/proc/<pid>/task/*/stat) and the requests per loop (/metrics).
#   3  FLEET servers sharing one redis-server: BURST concurrent requests for one uncached channel
#      (tme.bench.burst.BurstMain); the requests that reached t.me.
#   4  the same fleet with CACHE_TTL_LATEST=TTL: the hot key read at TTL_RATE req/s, open loop, over TTL_WINDOWS
#      TTLs; t.me requests and p99 per TTL.
#
# Settings (environment), defaults for a run of about 5 minutes:
#   DURATION=10s (each closed-loop and open-loop measurement) ROUNDS=1 THREADS=1 CONNECTIONS=64 WARMUP=4s (per
#   coding, before part 1) ZIPF_KEYS=200 ZIPF_EXPONENT=1.0 DELAY_MS=200 (per t.me request)
#   OPEN_LOOP_SHARE=50 OPEN_LOOP_RATE (fixed rate instead) OPEN_LOOP_CONNECTIONS=64 OPEN_LOOP_TIMEOUT=2s
#   STALL_DURATION=$DURATION MISS_CONNECTIONS=256 MISS_RETRY_AFTER=1 MAX_WAITING_REQUESTS=8 MISS_WARMUP=5s
#   LOOPS=2 LOOPS_THREADS=2  FLEET=3 BURST=1000  TTL=2s TTL_WINDOWS=5 TTL_RATE=3000
#   SERVER_ENV: more environment for every server, NAME=value separated by spaces (e.g. EVENT_LOOPS=1)
#   QUICK=1: a smoke run of about 2 minutes (DURATION=3s WARMUP=1s ZIPF_KEYS=50 MISS_WARMUP=0 TTL_WINDOWS=3);
#   any setting given explicitly still wins. JAVA_OPTS for the servers (default -Xms256m -Xmx512m).
set -euo pipefail

cd "$(dirname "$0")/../.."
SCRIPT=compare.sh
if [[ "${QUICK:-0}" == 1 ]]; then
  DURATION=${DURATION:-3s} WARMUP=${WARMUP:-1s} ZIPF_KEYS=${ZIPF_KEYS:-50} MISS_WARMUP=${MISS_WARMUP:-0}
  TTL_WINDOWS=${TTL_WINDOWS:-3}
fi
PARTS=" ${PARTS:-1 2 3 4 5 6} "
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-1}
THREADS=${THREADS:-1}
CONNECTIONS=${CONNECTIONS:-64}
WARMUP=${WARMUP:-4s}
ZIPF_KEYS=${ZIPF_KEYS:-200}
ZIPF_EXPONENT=${ZIPF_EXPONENT:-1.0}
DELAY_MS=${DELAY_MS:-200}
OPEN_LOOP_SHARE=${OPEN_LOOP_SHARE:-50}
OPEN_LOOP_RATE=${OPEN_LOOP_RATE:-}
OPEN_LOOP_CONNECTIONS=${OPEN_LOOP_CONNECTIONS:-64}
OPEN_LOOP_TIMEOUT=${OPEN_LOOP_TIMEOUT:-2s}
STALL_DURATION=${STALL_DURATION:-$DURATION}
MISS_CONNECTIONS=${MISS_CONNECTIONS:-256}
MISS_RETRY_AFTER=${MISS_RETRY_AFTER:-1}
MISS_DELAY_MS=${MISS_DELAY_MS:-0}
MISS_WARMUP=${MISS_WARMUP:-5s}
MAX_WAITING_REQUESTS=${MAX_WAITING_REQUESTS:-8}
TELEGRAM_TIMEOUT=${TELEGRAM_TIMEOUT:-5s}
LOOPS=${LOOPS:-2}
LOOPS_THREADS=${LOOPS_THREADS:-2}
FLEET=${FLEET:-3}
BURST=${BURST:-1000}
TTL=${TTL:-2s}
TTL_WINDOWS=${TTL_WINDOWS:-5}
TTL_RATE=${TTL_RATE:-3000}
TOOL_OPTS="-Xms64m -Xmx512m" # the generators' JVMs
HITS_MIX=bench/load/hits.lua
MISSES=bench/load/misses.lua
CACHE_TTL=10m # the single servers' latest pages and pages: nothing expires during parts 1, 2, 5 and 6
# Every server's environment: an upstream budget the fake t.me does not need (so the Zipf keys load at once), and
# SERVER_ENV's settings.
read -r -a EXTRA_ENV <<<"${SERVER_ENV:-}"
EVERY_SERVER_ENV=(TELEGRAM_RATE=1000 TELEGRAM_BURST=1000 ${EXTRA_ENV[@]+"${EXTRA_ENV[@]}"})
HOT=durov
source bench/load/lib/common.sh
source bench/load/lib/stalled.sh
umask 022
RESULTS=$WORK/results.txt
HTML=$WORK/html # what nginx serves: k/<channel>.json, .json.gz, .json.zst
: >"$RESULTS"

source bench/load/lib/compare-setup.sh
source bench/load/lib/compare-parts.sh

check_tools
machine_info
start_fake "$DELAY_MS"
curl -fsS -X POST -o /dev/null "$FAKE/__any_channel"
if [[ "$PARTS" == *" 1 "* || "$PARTS" == *" 2 "* || "$PARTS" == *" 5 "* ]]; then
  part_one_server
fi
[[ "$PARTS" != *" 6 "* ]] || part_two_loops
if [[ "$PARTS" == *" 3 "* || "$PARTS" == *" 4 "* ]]; then
  part_fleet
fi
print_table
