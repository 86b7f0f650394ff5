#!/usr/bin/env bash
# Issue 15's two experiments side by side, on one machine in one run: `bench/load/run.sh fairness` (or this file).
#
#   A  REST hits of a cached page (/v1/body/durov, wrk -t1 -c64, hits.lua) alone, then beside two clients posting a
#      GraphQL query in a closed loop (graphql.lua, one connection each): 90 aliases of a whole page through one
#      fragment (refused before it runs at the defaults: query_too_expensive), the same 90 with GRAPHQL_MAX_FIELDS
#      raised so that it runs (the executor alone keeps the loops free), and 10 aliases (a real client's size,
#      answered). Each "beside" run follows its own "alone" run on the same server, so drift on a shared machine
#      hits both halves of a ratio alike.
#   B  TELEGRAM_RATE=5 TELEGRAM_BURST=5 TRUSTED_PROXIES=127.0.0.1/32, every new setting at its default: an ordinary
#      client (CF-Connecting-IP 198.51.100.7) asks 16 cold channels, one every 0.5 s, alone and then beside a sprayer
#      (CF-Connecting-IP 203.0.113.9, 100 connections, /v1/body/bulk<random> for SPRAY_DURATION) that also reads a
#      cached page on 4 more connections; then the same with CLIENT_UPSTREAM_SHARE=1 (no share: what it was before).
#
# Builds nothing: run `mvn -B -DskipTests package` first. Needs wrk, curl, ss. Everything on 127.0.0.1; everything
# started here is stopped on exit. Settings: DURATION=10s (each hits measurement) DELAY_MS=100 (per t.me request)
# SPRAY_DURATION=12s PARTS="A B" JAVA, JAVA_OPTS. Prints a line per measurement and the tables at the end.
set -euo pipefail

cd "$(dirname "$0")/../.."
SCRIPT=fairness.sh
DURATION=${DURATION:-10s}
DELAY_MS=${DELAY_MS:-100}
SPRAY_DURATION=${SPRAY_DURATION:-12s}
PARTS=" ${PARTS:-A B} "
source bench/load/lib/common.sh
require_jars
require_tools wrk curl ss
TABLE_A=() TABLE_B=()

echo "machine: $(nproc) cores, $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg)"

# A JSON body {"query": "fragment page on Body {...} { p0: body(channel: \"durov\") { ...page } ... }"} of $1 aliases.
graphql_body() { # $1: aliases, $2: file
  local rich='{ string html }' post selection aliases="" i
  post="{ id view content { text { string html entities { offset length type url language custom_emoji_id } }"
  post+=" media { type url thumb waves duration { formatted raw } available title performer size format latitude longitude }"
  post+=" poll { question type votes options { name percent } } inline { title url }"
  post+=" reply { cover name $rich text $rich to_message } preview_link { title url site_name description $rich thumb }"
  post+=" reacts { count type emoji emoji_id emoji_image } service { type text $rich title photo to_message quote } }"
  post+=" footer { views views_count edited author $rich date { string unix } } forwarded { name $rich url } }"
  selection="{ channel { username title $rich description $rich avatar counters { subscribers photos videos files links } labels }"
  selection+=" content { posts $post } meta { offset { before after } } }"
  for ((i = 0; i < $1; i++)); do aliases+=" p$i: body(channel: \\\"durov\\\") { ...page }"; done
  printf '{"query": "fragment page on Body %s {%s }"}' "$selection" "$aliases" >"$2"
}

# wrk on the hot key for DURATION: sets RPS and P99 (ms).
hits() { # $1: port, $2: label
  run_job wrk -t 1 -c 64 -d "$DURATION" -s bench/load/hits.lua "http://127.0.0.1:$1" -- 1 /v1/body/durov \
    >"$WORK/hits-$2.log" 2>&1
  RPS=$(result "$WORK/hits-$2.log" rps)
  P99=$(result "$WORK/hits-$2.log" p99_ms)
  echo "  $2: hits $RPS req/s, p99 $P99 ms"
}

experiment_a() { # one server per GraphQL setting: alone, then beside two looping clients
  local label=$1 aliases=$2 rps_alone p99_alone
  shift 2
  API_PORTS=() API_PIDS=()
  start_api "a-$label" "$@"
  await_apis
  local port=${API_PORTS[0]}
  curl -sf -o /dev/null "http://127.0.0.1:$port/v1/body/durov"
  graphql_body "$aliases" "$WORK/query-$aliases.json"
  curl -s -o "$WORK/answer-$label.json" -H 'Content-Type: application/json' --data-binary @"$WORK/query-$aliases.json" \
    "http://127.0.0.1:$port/graphql"
  echo "A $label: one answer is $(wc -c <"$WORK/answer-$label.json") bytes"
  wrk -t 1 -c 8 -d 3s -s bench/load/hits.lua "http://127.0.0.1:$port" -- 1 /v1/body/durov >/dev/null 2>&1 # JIT
  hits "$port" "$label-alone"
  rps_alone=$RPS p99_alone=$P99
  GQL_BODY="$WORK/query-$aliases.json" wrk -t 2 -c 2 -d "$(( $(seconds_of "$DURATION") + 2 ))s" -s bench/load/graphql.lua \
    "http://127.0.0.1:$port" >"$WORK/gql-$label.log" 2>&1 &
  WARM_PIDS+=($!)
  local gql=$!
  sleep 1
  hits "$port" "$label-beside"
  wait "$gql" || true
  local answers
  answers=$(grep '^GRAPHQL' "$WORK/gql-$label.log" | cut -d' ' -f2-)
  echo "  graphql: $answers"
  TABLE_A+=("| $label | $rps_alone | $RPS | $(ratio "$RPS" "$rps_alone") | $p99_alone | $P99 | $(ratio "$P99" "$p99_alone") | $answers |")
  stop_process "${API_PIDS[0]}"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

# The ordinary client: 16 cold channels, one every 0.5 s, each in the background (a slow one never delays the next).
ordinary() { # $1: port, $2: run id -> sets GOT (200s within 3 s) and a line per channel in $WORK/ordinary-$2.log
  local i asked=()
  : >"$WORK/ordinary-$2.log"
  for i in $(seq 1 16); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -H 'CF-Connecting-IP: 198.51.100.7' \
      "http://127.0.0.1:$1/v1/body/reader$2x$i" >>"$WORK/ordinary-$2.log" &
    asked+=($!)
    sleep 0.5
  done
  wait "${asked[@]}" || true
  GOT=$(awk '$1 == 200 && $2 <= 3 { n++ } END { print n + 0 }' "$WORK/ordinary-$2.log")
  SLOWEST=$(awk '$1 == 200 && $2 > max { max = $2 } END { printf "%.2f", max }' "$WORK/ordinary-$2.log")
}

RUN=0
experiment_b() { # $1: label, then more environment for the server
  local label=$1 got_alone slow_alone
  RUN=$((RUN + 1))
  shift
  API_PORTS=() API_PIDS=()
  start_api "b-$label" TELEGRAM_RATE=5 TELEGRAM_BURST=5 TRUSTED_PROXIES=127.0.0.1/32 "$@"
  await_apis
  local port=${API_PORTS[0]}
  curl -sf -o /dev/null -H 'CF-Connecting-IP: 203.0.113.9' "http://127.0.0.1:$port/v1/body/durov"
  ordinary "$port" "${RUN}a"
  got_alone=$GOT slow_alone=$SLOWEST
  echo "B $label: the ordinary client alone: $GOT of 16 within 3 s (slowest 200: ${SLOWEST}s)"
  sleep 2 # the budget's burst refills
  SPRAY_IP=203.0.113.9 wrk -t 2 -c 100 -d "$SPRAY_DURATION" -s bench/load/spray.lua "http://127.0.0.1:$port" \
    >"$WORK/spray-$label.log" 2>&1 &
  WARM_PIDS+=($!)
  local spray=$!
  SPRAY_IP=203.0.113.9 SPRAY_PATH=/v1/body/durov wrk -t 1 -c 4 -d "$SPRAY_DURATION" -s bench/load/spray.lua \
    "http://127.0.0.1:$port" >"$WORK/spray-hits-$label.log" 2>&1 &
  WARM_PIDS+=($!)
  local spray_hits=$!
  sleep 2
  ordinary "$port" "${RUN}b"
  wait "$spray" "$spray_hits" || true
  local sprayed cached
  sprayed=$(grep '^SPRAY ' "$WORK/spray-$label.log" | cut -d' ' -f2-)
  cached=$(grep '^SPRAY_HITS' "$WORK/spray-hits-$label.log" | cut -d' ' -f2-)
  echo "  beside the sprayer: $GOT of 16 within 3 s (slowest 200: ${SLOWEST}s); sprayer: $sprayed; its hits: $cached"
  local sent
  sent=$(metric "$(curl -s "http://127.0.0.1:$port/metrics")" tme_upstream_sent_total)
  TABLE_B+=("| $label | $got_alone/16 (${slow_alone}s) | $GOT/16 (${SLOWEST}s) | $sprayed | $cached | $sent |")
  stop_process "${API_PIDS[0]}"
}

start_fake "$DELAY_MS"
curl -sf -o /dev/null -X POST "$FAKE/__any_channel" # every cold channel name is durov's page under that name
if [[ "$PARTS" == *" A "* ]]; then
  experiment_a "90 aliases (defaults)" 90
  experiment_a "90 aliases, GRAPHQL_MAX_FIELDS=100000000" 90 GRAPHQL_MAX_FIELDS=100000000
  experiment_a "10 aliases (defaults)" 10
fi
if [[ "$PARTS" == *" B "* ]]; then
  experiment_b "defaults (CLIENT_UPSTREAM_SHARE=0.25)"
  experiment_b "CLIENT_UPSTREAM_SHARE=1 (no share)" CLIENT_UPSTREAM_SHARE=1
fi

echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ ${#TABLE_A[@]} -gt 0 ]]; then
  echo
  echo "| GraphQL beside the hits | hits alone req/s | beside | ratio | p99 alone ms | beside | ratio | GraphQL answers |"
  echo "|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${TABLE_A[@]}"
fi
if [[ ${#TABLE_B[@]} -gt 0 ]]; then
  echo
  echo "| server | ordinary client alone: 200 within 3 s (slowest) | beside the sprayer | sprayer's cold requests | sprayer's hits | t.me requests so far |"
  echo "|---|---|---|---|---|---|"
  printf '%s\n' "${TABLE_B[@]}"
fi
