#!/usr/bin/env bash
# Memory load run: the server in a JVM of a given MaxRAM (as a container's limit sizes it) reading CHANNELS distinct
# channels, each in identity, gzip and zstd, by CLIENTS clients, a GraphQL query for every fifth, while its RSS
# (/proc), heap and direct memory (/metrics) and /healthz are sampled every second. Prints one line per second, then
# the answers by status (timeouts and errors apart), the levels the last 100 channels are answered from, the memory
# plan and its /metrics series, and a RESULT line; exits 1 if any request answered 5xx or timed out (3 s), RSS passed
# MaxRAM, /healthz failed to answer, or the last channels were not in L1 (tme.bench.memory.MemoryLoadMain).
#
#   mvn -B -DskipTests package && bench/load/memory.sh                    # 5000 channels at 512m
#   MAX_RAM=1g CHANNELS=3000 bench/load/memory.sh
#   MAX_RAM=512m JVM=-XX:MaxRAMPercentage=50 bench/load/memory.sh         # a larger heap share in the same box
#   bench/load/memory.sh --env MEMORY_CACHE_MAX_MB=16                     # more options go to MemoryLoadMain
#
# Builds nothing: needs bench/target/benchmarks.jar. The fake t.me runs inside the driver's JVM (every channel name is
# durov's recorded page under that name); the server listens on 127.0.0.1 and is stopped on exit.
set -euo pipefail

cd "$(dirname "$0")/../.."
SCRIPT=memory.sh
CHANNELS=${CHANNELS:-5000}
CLIENTS=${CLIENTS:-32}
MAX_RAM=${MAX_RAM:-512m}
JVM=${JVM:-}
source bench/load/lib/common.sh
require_jars
exec "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$BENCH_JAR" tme.bench.memory.MemoryLoadMain \
  --channels "$CHANNELS" --clients "$CLIENTS" --max-ram "$MAX_RAM" ${JVM:+--jvm "$JVM"} "$@"
