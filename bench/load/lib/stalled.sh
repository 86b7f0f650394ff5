# Sourced by run.sh (mode stalled) and compare.sh (part 5): hit throughput with t.me answering, then stalled while a
# second wrk sends misses, then answering again. Needs lib/common.sh, and the caller's API_PORTS, API_PIDS,
# FAKE_PORT, THREADS, CONNECTIONS, DURATION, HITS_MIX, MISSES, MISS_*, TELEGRAM_TIMEOUT, MAX_WAITING_REQUESTS,
# CACHE_TTL (for the header line); the hot keys are HOT_KEYS below.

# The hot keys of `stalled`: the 4 recorded channels' latest pages, durov's profile, pages around a few positions
# and single posts that are on the recorded pages. Loaded once before the run; hits.lua then asks only for these.
HOT_KEYS=(
  /v1/body/durov /v1/body/meduzalive /v1/body/topwar_official /v1/body/demo_empty /v1/preview/durov
  "/v1/body/durov?position=500" "/v1/body/durov?position=490" "/v1/body/meduzalive?position=141890"
  "/v1/body/topwar_official?position=71000"
  /v1/post/durov/502 /v1/post/durov/499 /v1/post/meduzalive/141896 /v1/post/topwar_official/71008
)

# Phase A: hits only (hits.lua over HOT_KEYS), t.me answering. Phase B: t.me stalled (POST /__stall: nothing is
# answered), the same hits wrk and, at the same time, a second wrk (MISS_CONNECTIONS, one thread) asking for
# channels nobody asked before (misses.lua), which wait at the upstream gate until TELEGRAM_TIMEOUT or are refused
# at once. Phase C: t.me answering again (POST /__unstall), hits only: A against C is the run's own drift.

# CPU time in clock ticks: of a process ($1) and of the whole machine (busy, idle), to see where phase B's CPU goes
proc_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat; }
cpu_mark() { # sets the variable named $1 to "server_ticks busy_ticks idle_ticks uptime_centiseconds wrk_ticks"
  # wrk_ticks: CPU of this shell's waited-for children (the wrk and curl processes), from bash's `times`, which
  # must run in this shell (a $(...) subshell starts with no children of its own)
  times >"$WORK/times"
  printf -v "$1" '%s %s %s %s' "$(proc_ticks "${API_PIDS[0]}")" "$(machine_ticks)" \
    "$(awk '{ printf "%d", $1 * 100 }' /proc/uptime)" \
    "$(sed -n 2p "$WORK/times" | awk -v hz="$(getconf CLK_TCK)" '{ t = 0
        for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += 60 * p[1] + p[2] }
        printf "%d", t * hz }')"
}
cpu_report() { # $1, $2: cpu_mark before and after, $3: client requests the server answered -> one line
  awk -v a="$1" -v b="$2" -v n="$3" -v hz="$(getconf CLK_TCK)" 'BEGIN {
    split(a, x, " "); split(b, y, " "); wall = (y[4] - x[4]) / 100
    server = (y[1] - x[1]) / hz; busy = (y[2] - x[2]) / hz; idle = (y[3] - x[3]) / hz; wrk = (y[5] - x[5]) / hz
    printf "  CPU over %.1f s: server %.2f cores (%.1f us per answered request), wrk %.2f cores, everything else" \
           " %.2f cores (the fake, the kernel, other sessions), idle %.2f cores\n", wall, server / wall,
           1e6 * server / n, wrk / wall, (busy - server - wrk) / wall, idle / wall }'
}
hits_wrk() { # $1: phase name; starts wrk with hits.lua in the background, log in $WORK/hits-$1.log
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --latency -s "$HITS_MIX" "$API" -- "$2" "${HOT_KEYS[@]}" \
    >"$WORK/hits-$1.log" 2>&1 &
  WRK_PIDS+=($!)
}
report_hits() { # $1: label, $2: log file, $3 and $4: /metrics before and after
  echo "$1: $(result "$2" requests) requests, $(result "$2" rps) req/s, latency p50 $(result "$2" p50_ms) ms," \
       "p90 $(result "$2" p90_ms) ms, p99 $(result "$2" p99_ms) ms, p99.9 $(result "$2" p999_ms) ms," \
       "max $(result "$2" max_ms) ms; errors: status $(result "$2" errors_status)," \
       "timeout $(result "$2" errors_timeout), read $(result "$2" errors_read);" \
       "server: $(delta "$3" "$4" 'tme_cache_lookups_total{level="l1",result="hit"}') L1 hits," \
       "$(delta "$3" "$4" 'tme_cache_lookups_total{level="l2",result="miss"}') misses"
}
# Before phase A: the same stall and misses as in B for MISS_WARMUP, with the hits running, so the JIT has compiled
# the miss path (shedding, timeouts) before anything is measured; otherwise B pays for compiling it on these 2 cores
# and A does not. Then t.me answers again and the stalled loads time out, so A starts as C will.
warm_miss_path() {
  local fake=$1 pids=()
  [[ "$MISS_WARMUP" != 0 && "$MISS_WARMUP" != 0s && "$MISS_CONNECTIONS" -gt 0 ]] || return 0
  curl -fsS -X POST -o /dev/null "$fake/__stall"
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "$MISS_WARMUP" -s "$HITS_MIX" "$API" -- 0 "${HOT_KEYS[@]}" \
    >"$WORK/warm-hits.log" 2>&1 & pids+=($!)
  MISS_DELAY_MS="$MISS_DELAY_MS" MISS_RETRY_AFTER="$MISS_RETRY_AFTER" wrk -t 1 -c "$MISS_CONNECTIONS" \
    -d "$MISS_WARMUP" --timeout 30s -s "$MISSES" "$API" -- "warm$$" >"$WORK/warm-misses.log" 2>&1 & pids+=($!)
  WRK_PIDS+=("${pids[@]}")
  for pid in "${pids[@]}"; do wait "$pid" || die "miss-path warm-up failed (see $WORK/warm-*.log)"; done
  curl -fsS -X POST -o /dev/null "$fake/__unstall"
  sleep $(( $(seconds_of "$TELEGRAM_TIMEOUT") + 1 ))
}

run_stalled() {
  API="http://127.0.0.1:${API_PORTS[0]}"
  local fake="http://127.0.0.1:$FAKE_PORT" m0 m1 mid m2 m3 pid half
  echo "== stalled: 1 server, hits wrk $DURATION x3 phases, $CONNECTIONS connections, $THREADS threads," \
       "${#HOT_KEYS[@]} hot keys (CACHE_TTL_LATEST=CACHE_TTL_PAGE=$CACHE_TTL); misses in phase B:" \
       "$MISS_CONNECTIONS connections, pause ${MISS_DELAY_MS} ms; TELEGRAM_TIMEOUT=$TELEGRAM_TIMEOUT," \
       "MAX_WAITING_REQUESTS=${MAX_WAITING_REQUESTS:-default} (logs in $WORK)"
  echo "machine load average (1, 5, 15 min) at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs)"

  local c0 c1 c2 c3 c4 c5
  warm_miss_path "$fake"
  m0=$(curl -fsS "$API/metrics")
  cpu_mark c0
  hits_wrk A 1
  wait "${WRK_PIDS[-1]}" || die "wrk failed (see $WORK/hits-A.log)"
  cpu_mark c1
  m1=$(curl -fsS "$API/metrics")

  curl -fsS -X POST -o /dev/null "$fake/__stall"
  cpu_mark c2
  hits_wrk B 2
  if (( MISS_CONNECTIONS > 0 )); then
    MISS_DELAY_MS="$MISS_DELAY_MS" MISS_RETRY_AFTER="$MISS_RETRY_AFTER" wrk -t 1 -c "$MISS_CONNECTIONS" -d "$DURATION" --timeout 30s --latency \
      -s "$MISSES" "$API" -- "$$" >"$WORK/misses-B.log" 2>&1 &
    WRK_PIDS+=($!)
  else # a control: t.me stalled, no misses; the misses' line reads all zeroes
    echo "MISSES" >"$WORK/misses-B.log"
    echo "RESULT requests=0 seconds=0 rps=0 p50_ms=0 p90_ms=0 p99_ms=0 p999_ms=0 max_ms=0 errors_connect=0" \
         "errors_read=0 errors_write=0 errors_status=0 errors_timeout=0 bytes=0" >>"$WORK/misses-B.log"
    sleep 1 & # stands in for the misses' wrk in the wait below
    WRK_PIDS+=($!)
  fi
  half=$(( $(seconds_of "$DURATION") / 2 ))
  sleep "$half"
  mid=$(curl -fsS "$API/metrics")
  for pid in "${WRK_PIDS[@]: -2}"; do wait "$pid" || die "wrk failed (see $WORK/hits-B.log, $WORK/misses-B.log)"; done
  cpu_mark c3
  m2=$(curl -fsS "$API/metrics")
  HITS=$(curl -fsS "$fake/__hits")
  curl -fsS -X POST -o /dev/null "$fake/__unstall"
  # let the loads still waiting on the stalled t.me time out, so C starts as A did
  sleep $(( $(seconds_of "$TELEGRAM_TIMEOUT") + 1 ))

  cpu_mark c4
  hits_wrk C 3
  wait "${WRK_PIDS[-1]}" || die "wrk failed (see $WORK/hits-C.log)"
  cpu_mark c5
  m3=$(curl -fsS "$API/metrics")

  report_hits "phase A (t.me answering), hits" "$WORK/hits-A.log" "$m0" "$m1"
  cpu_report "$c0" "$c1" "$(result "$WORK/hits-A.log" requests)"
  report_hits "phase B (t.me stalled), hits  " "$WORK/hits-B.log" "$m1" "$m2"
  cpu_report "$c2" "$c3" "$(( $(result "$WORK/hits-B.log" requests) + $(result "$WORK/misses-B.log" requests) ))"
  report_hits "phase C (t.me back), hits     " "$WORK/hits-C.log" "$m2" "$m3"
  cpu_report "$c4" "$c5" "$(result "$WORK/hits-C.log" requests)"
  awk -v a="$(result "$WORK/hits-A.log" rps)" -v b="$(result "$WORK/hits-B.log" rps)" \
      -v c="$(result "$WORK/hits-C.log" rps)" 'BEGIN {
    printf "hit throughput B/A: %.3f (%+.1f%%); C/A: %.3f; B/mean(A,C): %.3f\n", b / a, 100 * (b / a - 1), c / a,
      2 * b / (a + c) }'
  local log="$WORK/misses-B.log"
  echo "phase B misses: $(result "$log" requests) answered, $(result "$log" rps) req/s, latency p50" \
       "$(result "$log" p50_ms) ms, p99 $(result "$log" p99_ms) ms, max $(result "$log" max_ms) ms;" \
       "by status: $(grep '^MISSES ' "$log" | cut -d' ' -f2-) (503_retry_after: the 503s that carried Retry-After); wrk timeouts $(result "$log" errors_timeout)," \
       "read errors $(result "$log" errors_read) (requests still waiting when wrk stopped are not counted)"
  echo "phase B t.me: $(fake_count upstream_requests) requests reached the fake, $(fake_count stalled) of them" \
       "while stalled (none answered)"
  echo "phase B /metrics at mid-phase (gauges): tme_coalescing_waiting $(metric "$mid" tme_coalescing_waiting)," \
       "tme_gate_queue_waiting $(metric "$mid" tme_gate_queue_waiting), tme_gate_queue_largest_flow" \
       "$(metric "$mid" tme_gate_queue_largest_flow), tme_gate_slots_in_use $(metric "$mid" tme_gate_slots_in_use)," \
       "tme_coalescing_loads_in_flight $(metric "$mid" tme_coalescing_loads_in_flight)"
  echo "phase B /metrics growth over the phase: tme_coalescing_shed_total $(delta "$m1" "$m2" tme_coalescing_shed_total)," \
       "refused by the gate: queue_full $(delta "$m1" "$m2" 'tme_gate_refused_total{reason="queue_full"}')," \
       "budget $(delta "$m1" "$m2" 'tme_gate_refused_total{reason="budget"}'), cooldown" \
       "$(delta "$m1" "$m2" 'tme_gate_refused_total{reason="cooldown"}'); tme_gate_slots_granted_total" \
       "$(delta "$m1" "$m2" tme_gate_slots_granted_total), tme_upstream_requests_total" \
       "$(delta "$m1" "$m2" tme_upstream_requests_total), of which timed_out" \
       "$(delta "$m1" "$m2" 'tme_upstream_requests_total{outcome="timed_out"}'); stale answers while revalidating" \
       "$(delta "$m1" "$m2" 'tme_coalescing_stale_answers_total{reason="revalidating"}')"
  echo "machine load average (1, 5, 15 min) at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
}


# Loads each hot key once (none may fail), before the JIT warm-up and the phases.
load_hot_keys() { # $1: the server's base URL
  local key status
  for key in "${HOT_KEYS[@]}"; do
    status=$(curl -sS -o /dev/null -w '%{http_code}' "$1$key")
    [[ "$status" == 200 ]] || die "warm-up: $key answered $status, not 200 (logs in $WORK)"
  done
}
