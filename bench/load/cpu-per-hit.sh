#!/usr/bin/env bash
# CPU per hit of one tme-api server (EVENT_LOOPS=1) under wrk, by variant, in turns: the server's process and its
# event loop thread, from /proc/<pid>/task/*/schedstat (nanoseconds on CPU, user and system), per request answered.
# Made for the access log's cost (docs/performance.md, section 10): ACCESS_LOG=false against ACCESS_LOG=true, and
# optionally against another build (BASE_JAR, e.g. main's) with its defaults. A zstd hit of /v1/body/durov, the
# cheapest answer there is, so what a variant adds is the largest share of it.
#
#   [ROUNDS=5] [DURATION=15s] [CONNECTIONS=16] [BASE_JAR=/path/to/another/tme-api.jar] bench/load/cpu-per-hit.sh
#
# Builds nothing: run `mvn -B -DskipTests package` first. Needs wrk and curl. Listens on 127.0.0.1 only; stops what
# it started. Server output (the access log with ACCESS_LOG=true) goes to files under a temporary directory.
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRIPT=cpu-per-hit.sh
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-16}
PORT=${PORT:-18180}
FAKE_PORT=${FAKE_PORT:-18181}
TARGET=/v1/body/durov
WORK=$(mktemp -d /tmp/tme-cpu-per-hit.XXXXXX)
# JAVA, API_JAR, BENCH_JAR, require_jars; its EXIT trap is replaced below: this script stops its own two processes.
source bench/load/lib/common.sh
require_jars

"$JAVA" -cp "$BENCH_JAR" tme.bench.FakeTmeMain "$FAKE_PORT" 0 >"$WORK/fake.log" 2>&1 &
FAKE=$!
SERVER=
trap 'kill $SERVER $FAKE 2>/dev/null || true' EXIT

await() { # $1: url
  for _ in $(seq 1 300); do curl -sf -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "no answer from $1 (logs in $WORK)" >&2; exit 1
}

cpu() { # total ns of the process, ns of its event loop threads
  local total=0 loop=0 task ns
  for task in /proc/$SERVER/task/*; do
    ns=$(cut -d' ' -f1 "$task/schedstat" 2>/dev/null || echo 0)
    total=$((total + ns))
    [[ $(cat "$task/comm" 2>/dev/null) == vert.x-eventloo* ]] && loop=$((loop + ns))
  done
  echo "$total $loop"
}

measure() { # $1: label, $2: jar, then NAME=value ...
  local label=$1 jar=$2 out requests t0 l0 t1 l1
  shift 2
  env PORT=$PORT TELEGRAM_BASE_URL="http://127.0.0.1:$FAKE_PORT" EVENT_LOOPS=1 CACHE_TTL_LATEST=10m "$@" \
    "$JAVA" -Xms256m -Xmx512m --enable-native-access=ALL-UNNAMED -jar "$jar" >"$WORK/$label.out" 2>"$WORK/$label.err" &
  SERVER=$!
  await "http://127.0.0.1:$PORT/healthz"
  curl -sf -o /dev/null -H 'Accept-Encoding: zstd' "http://127.0.0.1:$PORT$TARGET"
  wrk -t1 -c"$CONNECTIONS" -d8s -H 'Accept-Encoding: zstd' "http://127.0.0.1:$PORT$TARGET" >/dev/null # JIT
  read -r t0 l0 < <(cpu)
  out=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" -H 'Accept-Encoding: zstd' "http://127.0.0.1:$PORT$TARGET")
  read -r t1 l1 < <(cpu)
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  awk -v l="$label" -v r="$requests" -v t=$((t1 - t0)) -v e=$((l1 - l0)) -v avg="$(cut -d' ' -f1 /proc/loadavg)" \
    'BEGIN { printf "%-10s %9d requests  process %6.2f us  event loop %6.2f us per request  (load %s)\n",
             l, r, t / r / 1000, e / r / 1000, avg }'
}

await "http://127.0.0.1:$FAKE_PORT/s/durov"
for round in $(seq 1 "$ROUNDS"); do
  [[ -z "${BASE_JAR:-}" ]] || measure base "$BASE_JAR"
  measure log-off "$API_JAR" ACCESS_LOG=false
  measure log-on "$API_JAR" ACCESS_LOG=true
done
