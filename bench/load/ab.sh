#!/usr/bin/env bash
# Two builds of tme-api side by side, CPU per hit: what cpu.sh measures against the floor, measured between two
# jars (a change and the build before it). Both servers run behind one fake t.me with cpu.sh's settings; each round
# measures both on the same hot answer and coding, in turns (AB, then BA). Printed last, B over A over the sums of all rounds, for user
# time (the server's own work: what a change to the hit path moves) and for user + system time (which adds the
# socket's work and its noise: waking wrk costs the kernel more the slower the server), each with the median of
# the rounds' own ratios beside it.
#
#   git stash; mvn -B -q -DskipTests package; cp api/target/tme-api.jar /tmp/a.jar; git stash pop
#   mvn -B -q -DskipTests package; bench/load/ab.sh /tmp/a.jar api/target/tme-api.jar
#
# Settings: CODING=zstd (or identity), DURATION=4s ROUNDS=10 CONNECTIONS=64 WARMUP=5 (warm-up runs per server).
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRIPT=ab.sh
JAR_A=${1:?usage: bench/load/ab.sh JAR_A JAR_B}
JAR_B=${2:?usage: bench/load/ab.sh JAR_A JAR_B}
CODING=${CODING:-zstd}
DURATION=${DURATION:-4s}
ROUNDS=${ROUNDS:-10}
CONNECTIONS=${CONNECTIONS:-64}
WARMUP=${WARMUP:-5}
source bench/load/lib/common.sh
[[ -f "$BENCH_JAR" ]] || die "missing $BENCH_JAR: run mvn -B -DskipTests package first"
require_tools wrk curl ss

start_fake 0
API_JAR=$JAR_A start_api a EVENT_LOOPS=1 ACCESS_LOG=false CACHE_TTL_LATEST=10m
API_JAR=$JAR_B start_api b EVENT_LOOPS=1 ACCESS_LOG=false CACHE_TTL_LATEST=10m
await_apis
HEADER=(); [[ "$CODING" == identity ]] || HEADER=(-H "Accept-Encoding: $CODING")
URLS=("http://127.0.0.1:${API_PORTS[0]}/v1/body/durov" "http://127.0.0.1:${API_PORTS[1]}/v1/body/durov")

# One wrk run against server $1 (0: A, 1: B): "user-ticks system-ticks requests".
run() {
  local u0 s0 u1 s1 out
  read -r u0 s0 < <(ticks "${API_PIDS[$1]}")
  out=$(wrk -t 1 -c "$CONNECTIONS" -d "$DURATION" "${HEADER[@]}" "${URLS[$1]}")
  read -r u1 s1 < <(ticks "${API_PIDS[$1]}")
  echo "$((u1 - u0)) $((s1 - s0)) $(awk '/requests in/ { print $1 }' <<<"$out")"
}
for _ in $(seq 1 "$WARMUP"); do run 0 >/dev/null; run 1 >/dev/null; done
HZ=$(getconf CLK_TCK)
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $CODING; A $JAR_A, B $JAR_B"
echo "| round | A user µs/req | B user µs/req | A total µs/req | B total µs/req | B / A user | B / A total |"
echo "|---|---|---|---|---|---|---|"
UA=0 SA=0 RA=0 UB=0 SB=0 RB=0 USER=() TOTAL=()
for round in $(seq 1 "$ROUNDS"); do
  # A then B in odd rounds, B then A in even ones: whatever the second run of a pair gains or loses (a warmer
  # cache, wrk's own state) falls on each side equally.
  if (( round % 2 )); then
    read -r ua sa ra < <(run 0)
    read -r ub sb rb < <(run 1)
  else
    read -r ub sb rb < <(run 1)
    read -r ua sa ra < <(run 0)
  fi
  UA=$((UA + ua)) SA=$((SA + sa)) RA=$((RA + ra)) UB=$((UB + ub)) SB=$((SB + sb)) RB=$((RB + rb))
  line=$(awk -v n="$round" -v ua="$ua" -v sa="$sa" -v ra="$ra" -v ub="$ub" -v sb="$sb" -v rb="$rb" -v hz="$HZ" 'BEGIN {
    k = 1e6 / hz; u = (ub / rb) / (ua / ra); t = ((ub + sb) / rb) / ((ua + sa) / ra)
    printf "| %d | %.2f | %.2f | %.2f | %.2f | %.3f | %.3f |", n, ua * k / ra, ub * k / rb, (ua + sa) * k / ra, (ub + sb) * k / rb, u, t }')
  echo "$line"
  USER+=("$(cut -d'|' -f7 <<<"$line")") TOTAL+=("$(cut -d'|' -f8 <<<"$line")")
done
awk -v ua="$UA" -v sa="$SA" -v ra="$RA" -v ub="$UB" -v sb="$SB" -v rb="$RB" -v hz="$HZ" \
    -v mu="$(median ${USER[@]})" -v mt="$(median ${TOTAL[@]})" 'BEGIN { k = 1e6 / hz
  printf "user: A %.2f, B %.2f µs/req, B / A %.3fx (median of rounds %.3fx); user + system: A %.2f, B %.2f µs/req, B / A %.3fx (median %.3fx)\n", \
    ua * k / ra, ub * k / rb, (ub / rb) / (ua / ra), mu, (ua + sa) * k / ra, (ub + sb) * k / rb, ((ub + sb) / rb) / ((ua + sa) / ra), mt }'
