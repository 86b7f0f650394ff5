#!/usr/bin/env bash
# Whether two builds answer the same bytes on the recorded pages: the fake t.me (no delay) behind two servers, one
# per jar, each asked the same requests (REST reads, feeds in every format, GraphQL, problems); the bodies and the
# status lines are compared byte for byte, and the headers that describe the body (Content-Type, Content-Length,
# Cache-Control, Vary). Prints one line per request that differs and a count. For a restructuring that promises no
# change in behaviour (issue 27):
#
#   bench/load/same-answers.sh old.jar api/target/tme-api.jar
#
# Both servers start at the same time on the same pages; answers whose bytes carry the time they were made
# (feed scores, `fetched_at`) are asked of both within the same second and compared all the same: a difference
# there shows as one line to read, not as a failure of the script.
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRIPT=same-answers.sh
OLD=${1:?the first jar}
NEW=${2:?the second jar}
source bench/load/lib/common.sh
BENCH_JAR=${BENCH_JAR:-bench/target/benchmarks.jar}
require_tools curl

start_fake 0
API_JAR=$OLD start_api old CACHE_TTL_LATEST=10m
API_JAR=$NEW start_api new CACHE_TTL_LATEST=10m
await_apis

REQUESTS=(
  "GET /v1/body/durov" "GET /v1/body/@durov" "GET /v1/body/durov?position=480" "GET /v1/more/durov/before/490"
  "GET /v1/post/durov/490" "GET /v1/preview/durov" "GET /v1/previews?channels=durov,meduzalive"
  "GET /v1/search/durov?q=telegram" "GET /v1/feed?channels=durov,meduzalive" "GET /v1/feed?channels=durov&format=atom"
  "GET /v1/feed?channels=durov&format=rss" "GET /v1/feed?channels=durov&format=jsonfeed" "GET /feeds/durov.atom"
  "GET /telegram/channel/durov" "GET /feeds.opml?channels=durov,meduzalive" "GET /v1/body/no" "GET /v1/post/durov/0"
  "GET /v1/body/nosuchchannel12" "GET /v1/nothing" "DELETE /v1/body/durov" "GET /openapi.json" "GET /healthz"
  "POST /graphql {\"query\":\"{ body(channel: \\\"durov\\\") { posts { id } } }\"}"
)
differ=0
for request in "${REQUESTS[@]}"; do
  read -r method rest <<<"$request"
  path=${rest%% *}
  body=""
  [[ "$rest" == *" "* ]] && body=${rest#* }
  for side in 0 1; do
    args=(-s -X "$method" -D "$WORK/h$side" -o "$WORK/b$side" "http://127.0.0.1:${API_PORTS[$side]}$path")
    [[ -n "$body" ]] && args+=(-H 'Content-Type: application/json' --data "$body")
    curl "${args[@]}"
    # Absolute URLs name the server's own address (OPML, feeds' self links): its port is not the answer's
    sed -i -E "s/127\.0\.0\.1:${API_PORTS[$side]}/127.0.0.1:PORT/g" "$WORK/b$side"
    # max-age counts down from when each server stored the answer: its figures are not the answer's
    grep -iE '^(HTTP/|content-type|content-length|cache-control|vary)' "$WORK/h$side" | tr -d '\r' \
      | sed -E 's/(max-age|stale-while-revalidate)=[0-9]+/\1=N/g' | sort >"$WORK/k$side"
  done
  if ! cmp -s "$WORK/b0" "$WORK/b1" || ! cmp -s "$WORK/k0" "$WORK/k1"; then
    differ=$((differ + 1))
    echo "DIFFERS: $request"
    diff "$WORK/k0" "$WORK/k1" | sed 's/^/  /' || true
    cmp "$WORK/b0" "$WORK/b1" | sed 's/^/  /' || true
    cp "$WORK/b0" "$WORK/differs-$differ.old"
    cp "$WORK/b1" "$WORK/differs-$differ.new"
  fi
done
echo "RESULT requests=${#REQUESTS[@]} differ=$differ (the bodies that differ: $WORK/differs-N.old and .new)"
