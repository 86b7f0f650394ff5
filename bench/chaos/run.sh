#!/usr/bin/env bash
# The chaos run (issue 26): a fleet on loopback under faults, counting every post pushed. Starts redis-server on a
# free port, a TCP proxy per server in front of it (tme.redis.testing.RedisProxy: pass, latency, black hole, cut),
# a fake t.me publishing 3 posts a second, two API servers and a refresher (java -jar api/target/tme-api.jar, ROLE
# api / refresher), 10 SSE readers and 3 WebSub subscribers; then runs the scenarios one after another and prints a
# table row for each: posts published, per reader and subscriber the posts missing and the repeats, and how long
# until push was back. About 10 minutes; offline; everything on 127.0.0.1, stopped on exit. docs/chaos.md has the
# scenarios and a run's table.
#
#   bench/chaos/run.sh                         every scenario
#   bench/chaos/run.sh baseline,black-hole     some: baseline latency black-hole subscriber-down server-kill
#                                              redis-restart
#
# Builds nothing: run `mvn -B -DskipTests package` (or `./tme build`) first (needs api/target/tme-api.jar and
# bench/target/benchmarks.jar). Needs redis-server (installed with apt-get if missing, as ./tme test does).
# Settings (environment): JAVA (default: a JDK 21+ picked as ./tme picks it, scripts/jdk.sh), JAVA_OPTS (the
# harness's JVM), CHAOS_JAVA_OPTS (each server's; default -Xms64m -Xmx256m --enable-native-access=ALL-UNNAMED),
# WORK (where the servers' logs go; default a new /tmp/tme-chaos.XXXXXX).
set -euo pipefail

cd "$(dirname "$0")/../.."
SCRIPT=chaos/run.sh
WORK=${WORK:-$(mktemp -d /tmp/tme-chaos.XXXXXX)}
JAVA_OPTS=${JAVA_OPTS:--Xms128m -Xmx512m --enable-native-access=ALL-UNNAMED}
source bench/load/lib/common.sh # JAVA, the jars, require_jars, require_tools; its cleanup trap stops what is left
require_jars
require_tools redis-server

echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores,"\
  "load:$(uptime | sed "s/.*load average://")"
echo "JAVA=$JAVA ($("$JAVA" -version 2>&1 | head -1)), $(redis-server --version | cut -d' ' -f1-3), logs in $WORK"
"$JAVA" $JAVA_OPTS -cp "$BENCH_JAR" tme.bench.chaos.ChaosMain "$WORK" "$API_JAR" ${1:+"$1"} &
PIDS+=($!)
wait $!
echo "load after:$(uptime | sed 's/.*load average://')"
