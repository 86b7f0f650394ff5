#!/usr/bin/env bash
# The server over a fake t.me, offline: `./tme demo` builds and runs this. The fake (tme.bench.FakeTmeMain, in
# bench/target/benchmarks.jar) serves the t.me pages the tests use, recorded once and kept in the repository
# (scraper/src/test/resources/tme/, see SOURCES.md there): what you get is real t.me markup, but recorded data, not
# today's posts. Nothing reaches the network; the fake listens on 127.0.0.1 only and stops with the server.
#
# The fake publishes a new post to durov every DEMO_POST_EVERY seconds (3), and the server looks for new posts every
# few seconds (REFRESH_INTERVAL=2s here, where production's default is 60s), so SSE, the feeds and WebSub move while
# you watch. PUBLIC_URL is the demo's own address, so feeds carry the durable media links.
#
# Settings: PORT (8080) and HOST (127.0.0.1: this machine only; 0.0.0.0 shows the demo to the network) for the
# server, JAVA_OPTS for its JVM (as ./tme start: scripts/jvm.sh); any other setting of docs/operations.md passes
# through to it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/jdk.sh
source scripts/jvm.sh
[[ -n "${JAVA:-}" ]] || { select_jdk; JAVA=$JAVA_HOME/bin/java; }
PORT=${PORT:-8080}
HOST=${HOST:-127.0.0.1}
DEMO_POST_EVERY=${DEMO_POST_EVERY:-3}
LOGS=$(mktemp -d /tmp/tme-demo.XXXXXX)

fake_pid=""
api_pid=""
stop() {
  [[ -z "$api_pid" ]] || kill "$api_pid" 2>/dev/null || true
  [[ -z "$fake_pid" ]] || kill "$fake_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$LOGS"
}
trap stop EXIT
trap 'exit 130' INT TERM

# Port 0: the fake takes a free port and says which.
"$JAVA" --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar tme.bench.FakeTmeMain 0 0 durov \
  "$DEMO_POST_EVERY" >"$LOGS/fake.log" 2>&1 &
fake_pid=$!
until fake=$(sed -n 's/^fake t.me listening on \(http[^ ]*\).*/\1/p' "$LOGS/fake.log") && [[ -n "$fake" ]]; do
  kill -0 "$fake_pid" 2>/dev/null || { cat "$LOGS/fake.log" >&2; exit 1; }
  sleep 0.2
done

# shellcheck disable=SC2086 # JAVA_OPTS holds several options
PORT=$PORT HOST=$HOST TELEGRAM_BASE_URL=$fake PUBLIC_URL=${PUBLIC_URL:-http://localhost:$PORT} \
  REFRESH_INTERVAL=${REFRESH_INTERVAL:-2s} "$JAVA" ${JAVA_OPTS:-$TME_JAVA_OPTS} -jar api/target/tme-api.jar &
api_pid=$!
until curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null; do
  kill -0 "$api_pid" 2>/dev/null || exit 1
  sleep 0.2
done
channels=$(ls scraper/src/test/resources/tme/ | sed -n 's/^s-\([A-Za-z0-9_]*\)-.*/\1/p' | sort -u | tr '\n' ' ')
cat <<TXT

tme-api demo on http://localhost:$PORT, over a fake t.me at $fake serving RECORDED pages (not live data).
Recorded channels: $channels(any other name answers 404 channel_not_found).
  curl localhost:$PORT/v1/body/durov
  curl localhost:$PORT/v1/post/durov/481
  curl localhost:$PORT/v1/preview/durov
  curl 'localhost:$PORT/v1/feed?channels=durov,meduzalive&format=atom'    (or /feeds/durov.atom, /telegram/channel/durov)
A new post is published to durov every $DEMO_POST_EVERY s; watch them arrive:
  curl -N 'localhost:$PORT/v1/stream?channels=durov'
  GraphiQL: http://localhost:$PORT/graphiql/   API reference: http://localhost:$PORT/docs
Ctrl-C stops the server and the fake.

TXT
wait "$api_pid"
