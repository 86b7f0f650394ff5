# Sourced by compare.sh: its parts, in the order they run. Each writes its lines to $RESULTS under its own ids
# (hot.*, zipf.*, openloop.*, stalled.*, loops.*, burst, ttl; tme.bench.compare.Rows reads them).

# --- parts 1, 2 and 5: one server with one event loop, nginx with one worker -------------------------------------
part_one_server() {
  echo "== one server (EVENT_LOOPS=1) against nginx (worker_processes 1)"
  start_api one EVENT_LOOPS=1 CACHE_TTL_LATEST="$CACHE_TTL" CACHE_TTL_PAGE="$CACHE_TTL" \
    TELEGRAM_TIMEOUT="$TELEGRAM_TIMEOUT" MAX_WAITING_REQUESTS="$MAX_WAITING_REQUESTS" "${EVERY_SERVER_ENV[@]}"
  ONE_PORT=${API_PORTS[-1]}
  ONE_PID=${API_PIDS[-1]}
  ONE="http://127.0.0.1:$ONE_PORT"
  await_apis
  zipf_keys
  fetch_answers "$WORK/all-keys.txt" "$ONE"
  load_hot_keys "$ONE" # part 5's (lib/stalled.sh)
  start_nginx one 1
  check_nginx "$WORK/all-keys.txt"
  warm_up_one
  [[ "$PARTS" != *" 1 "* ]] || part_closed_loop
  [[ "$PARTS" != *" 2 "* ]] || part_open_loop
  [[ "$PARTS" != *" 5 "* ]] || part_stalled
  stop_process "$ONE_PID"
  stop_process "$NGINX_PID"
  API_PORTS=() API_PIDS=()
}

# The Zipf mix's channels and draws (tme.bench.compare.ZipfKeysMain); all-keys.txt adds the hot key.
zipf_keys() {
  run_job "$JAVA" $TOOL_OPTS -cp "$BENCH_JAR" tme.bench.compare.ZipfKeysMain --keys "$ZIPF_KEYS" \
    --exponent "$ZIPF_EXPONENT" --draws 100000 --seed 1 --names "$WORK/zipf-keys.txt" \
    --sequence "$WORK/zipf-draws.txt"
  { echo "$HOT"; cat "$WORK/zipf-keys.txt"; } >"$WORK/all-keys.txt"
}

# JIT warm-up: the Zipf mix in every coding, then the hot key, WARMUP each; nothing is recorded.
warm_up_one() {
  local coding log header
  echo "  warming up the server for 4 x $WARMUP"
  for coding in identity gzip zstd; do
    log="$WORK/warmup-$coding.log"
    header=$(coding_header "$coding")
    run_job wrk -t "$THREADS" -c "$CONNECTIONS" -d "$WARMUP" ${header:+-H "$header"} -s bench/load/zipf.lua \
      "$ONE" -- "$WORK/zipf-keys.txt" "$WORK/zipf-draws.txt" /v1/body/ "" >"$log" 2>&1 \
      || die "warm-up wrk failed (see $log)"
  done
  run_job wrk -t "$THREADS" -c "$CONNECTIONS" -d "$WARMUP" "$ONE/v1/body/$HOT" >"$WORK/warmup-hot.log" 2>&1 \
    || die "warm-up wrk failed (see $WORK/warmup-hot.log)"
}

part_closed_loop() {
  local round coding suffix
  config hot path="/v1/body/$HOT" identity_bytes="$(stat -c %s "$HTML/k/$HOT.json")" \
    gzip_bytes="$(stat -c %s "$HTML/k/$HOT.json.gz")" zstd_bytes="$(stat -c %s "$HTML/k/$HOT.json.zst")" \
    threads="$THREADS" connections="$CONNECTIONS" duration="$DURATION"
  config zipf keys="$ZIPF_KEYS" exponent="$ZIPF_EXPONENT"
  for round in $(seq 1 "$ROUNDS"); do
    for coding in identity gzip zstd; do
      suffix=$(coding_suffix "$coding")
      closed_loop "hot.$coding.nginx" "$NGINX_URL/k/$HOT$suffix" "$THREADS" "$coding"
      closed_loop "hot.$coding.tme" "$ONE/v1/body/$HOT" "$THREADS" "$coding"
    done
    for coding in identity gzip zstd; do
      suffix=$(coding_suffix "$coding")
      closed_loop "zipf.$coding.nginx" "$NGINX_URL" "$THREADS" "$coding" "$WORK/zipf-keys.txt" \
        "$WORK/zipf-draws.txt" /k/ "$suffix"
      closed_loop "zipf.$coding.tme" "$ONE" "$THREADS" "$coding" "$WORK/zipf-keys.txt" "$WORK/zipf-draws.txt" \
        /v1/body/ ""
    done
  done
}

# At OPEN_LOOP_SHARE% of the peak part 1 measured (measured here if part 1 did not run), or at OPEN_LOOP_RATE.
part_open_loop() {
  local peak rate share
  peak=$(field_of hot.identity.tme RESULT rps)
  if [[ -z "$peak" ]]; then
    closed_loop peak.identity.tme "$ONE/v1/body/$HOT" "$THREADS" identity
    peak=$(field_of peak.identity.tme RESULT rps)
  fi
  if [[ -n "$OPEN_LOOP_RATE" ]]; then
    rate=$OPEN_LOOP_RATE share=""
  else
    rate=$(awk -v p="$peak" -v s="$OPEN_LOOP_SHARE" 'BEGIN { printf "%d", p * s / 100 }')
    share="$OPEN_LOOP_SHARE%"
  fi
  config openloop rate="$rate" peak="$peak" ${share:+share="$share"} coding=identity \
    connections="$OPEN_LOOP_CONNECTIONS" duration="$DURATION"
  open_loop openloop.tme --url "$ONE/v1/body/$HOT" --rate "$rate" --duration "$DURATION" --warmup 2s \
    --connections "$OPEN_LOOP_CONNECTIONS" --timeout "$OPEN_LOOP_TIMEOUT"
  open_loop openloop.nginx --url "$NGINX_URL/k/$HOT.json" --rate "$rate" --duration "$DURATION" --warmup 2s \
    --connections "$OPEN_LOOP_CONNECTIONS" --timeout "$OPEN_LOOP_TIMEOUT"
}

# lib/stalled.sh's run on this server (its report in $WORK/stalled.txt), its phases' lines kept for the table.
part_stalled() {
  local API_PORTS=("$ONE_PORT") API_PIDS=("$ONE_PID") DURATION=$STALL_DURATION
  echo "  t.me stalled: phases A, B, C of $STALL_DURATION (report in $WORK/stalled.txt)"
  config stalled misses="$MISS_CONNECTIONS" retry_after="$MISS_RETRY_AFTER" max_waiting="$MAX_WAITING_REQUESTS" \
    duration="$STALL_DURATION"
  run_stalled >"$WORK/stalled.txt"
  record stalled.A "$WORK/hits-A.log"
  record stalled.B "$WORK/hits-B.log"
  record stalled.C "$WORK/hits-C.log"
  record stalled.misses "$WORK/misses-B.log"
  grep '^MISSES ' "$WORK/misses-B.log" | sed 's/^/stalled.misses /' >>"$RESULTS" || true
  echo "  $(grep '^hit throughput' "$WORK/stalled.txt")"
  curl -fsS -X POST -o /dev/null "$FAKE/__unstall"
}

# --- part 6: LOOPS event loops against LOOPS nginx workers ------------------------------------------------------
part_two_loops() {
  local port pid url m0 m1 t0 t1
  echo "== EVENT_LOOPS=$LOOPS against nginx (worker_processes $LOOPS), wrk -t $LOOPS_THREADS"
  start_api loops EVENT_LOOPS="$LOOPS" CACHE_TTL_LATEST="$CACHE_TTL" "${EVERY_SERVER_ENV[@]}"
  port=${API_PORTS[-1]} pid=${API_PIDS[-1]} url="http://127.0.0.1:${API_PORTS[-1]}"
  await_apis
  echo "$HOT" >"$WORK/hot-key.txt"
  fetch_answers "$WORK/hot-key.txt" "$url" # nginx's files if part 1 did not run; loads the key either way
  run_job wrk -t "$LOOPS_THREADS" -c "$CONNECTIONS" -d "$WARMUP" "$url/v1/body/$HOT" >"$WORK/warmup-loops.log" 2>&1 \
    || die "warm-up wrk failed (see $WORK/warmup-loops.log)"
  start_nginx loops "$LOOPS"
  closed_loop loops.nginx "$NGINX_URL/k/$HOT.json" "$LOOPS_THREADS" identity
  m0=$(curl -fsS "$url/metrics")
  t0=$(date +%s.%N)
  cat /proc/"$pid"/task/*/stat >"$WORK/cpu-before.txt" 2>/dev/null || true
  closed_loop loops.tme "$url/v1/body/$HOT" "$LOOPS_THREADS" identity
  cat /proc/"$pid"/task/*/stat >"$WORK/cpu-after.txt" 2>/dev/null || true
  t1=$(date +%s.%N)
  m1=$(curl -fsS "$url/metrics")
  thread_dump "$pid" >"$WORK/threads.txt"
  echo "loops LOOPS $(for i in $(seq 0 $((LOOPS - 1))); do
    printf 'loop_%d=%s ' "$i" "$(delta "$m0" "$m1" "tme_http_event_loop_requests_total{loop=\"$i\"}")"
  done)" >>"$RESULTS"
  config loops loops="$LOOPS" threads="$LOOPS_THREADS" clk_tck="$(getconf CLK_TCK)" \
    seconds="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
  stop_process "$pid"
  stop_process "$NGINX_PID"
  API_PORTS=() API_PIDS=()
}

# The server's threads with their native ids (nid=), for the full names the kernel cuts to 15 characters.
thread_dump() { # $1: pid
  local jcmd
  jcmd="$(dirname "$(command -v "$JAVA")")/jcmd"
  [[ -x "$jcmd" ]] || jcmd=$(command -v jcmd || true)
  [[ -z "$jcmd" ]] || run_job "$jcmd" "$1" Thread.print 2>/dev/null || true
}

# --- parts 3 and 4: FLEET servers sharing one redis-server ----------------------------------------------------------
part_fleet() {
  local i urls=()
  echo "== $FLEET servers sharing one redis-server (CACHE_TTL_LATEST=$TTL)"
  start_redis
  for i in $(seq 1 "$FLEET"); do
    start_api "fleet-$i" REDIS_URL="$REDIS_URL" EVENT_LOOPS=1 CACHE_TTL_LATEST="$TTL" "${EVERY_SERVER_ENV[@]}"
    urls+=("http://127.0.0.1:${API_PORTS[-1]}")
  done
  await_apis
  warm_up_fleet "${urls[@]}"
  [[ "$PARTS" != *" 3 "* ]] || part_burst "${urls[@]}"
  [[ "$PARTS" != *" 4 "* ]] || part_ttl "${urls[@]}"
}

# JIT warm-up of each server's hit path (the hot key, the TTL part's), all at once; then part 4 starts on servers
# that are not cold, whatever part 3 compiled.
warm_up_fleet() { # the servers' base URLs
  local url pids=()
  curl -fsS -o /dev/null "$1/v1/body/$HOT"
  for url in "$@"; do
    wrk -t 1 -c 8 -d "$WARMUP" "$url/v1/body/$HOT" >"$WORK/warmup-${url##*:}.log" 2>&1 &
    pids+=($!)
  done
  WRK_PIDS+=("${pids[@]}")
  for url in "${pids[@]}"; do wait "$url" || die "warm-up wrk failed (see $WORK/warmup-*.log)"; done
}

# BURST requests at once, spread over the servers, for a channel nobody asked for before; t.me's count is of that
# channel's page alone (the hot key's refreshes may reach t.me meanwhile).
part_burst() { # the servers' base URLs
  local channel="burst$$" url args=() before after log="$WORK/burst.log"
  for url in "$@"; do args+=(--url "$url/v1/body/$channel"); done
  config burst requests="$BURST" servers="$#" channel="$channel"
  before=$(curl -fsS "$FAKE/__hits")
  run_job "$JAVA" $TOOL_OPTS -cp "$BENCH_JAR" tme.bench.burst.BurstMain "${args[@]}" --requests "$BURST" >"$log" 2>&1 \
    || die "the burst failed (see $log)"
  after=$(curl -fsS "$FAKE/__hits")
  echo "burst UPSTREAM requests=$(curl -fsS "$FAKE/__hits?uri=/s/$channel" | sed -E 's/.*"requests":([0-9]+).*/\1/')" \
    "all=$(( $(HITS=$after fake_count upstream_requests) - $(HITS=$before fake_count upstream_requests) ))" \
    >>"$RESULTS"
  grep '^BURST ' "$log" | sed 's/^/burst /' >>"$RESULTS" || die "no BURST line in $log"
  echo "  burst: $(grep '^burst UPSTREAM' "$RESULTS" | cut -d' ' -f3-) t.me; $(grep '^BURST ' "$log" | cut -d' ' -f2-)"
}

# The hot key read over TTL_WINDOWS TTLs at TTL_RATE, the fake's count noted at each TTL's end.
part_ttl() { # the servers' base URLs
  local url args=() span
  for url in "$@"; do args+=(--url "$url/v1/body/$HOT"); done
  curl -fsS -o /dev/null "$1/v1/body/$HOT" # loaded once, into Redis too
  span=$(awk -v t="$(seconds_of "$TTL")" -v n="$TTL_WINDOWS" 'BEGIN { printf "%gs", t * n }')
  config ttl ttl="$TTL" windows="$TTL_WINDOWS" rate="$TTL_RATE" servers="$#"
  open_loop ttl "${args[@]}" --rate "$TTL_RATE" --warmup "$TTL" --duration "$span" --window "$TTL" \
    --probe-url "$FAKE/__hits" --connections $((16 * $#)) --timeout 2s
}

print_table() {
  echo
  echo "== the table (Markdown; also in $WORK/table.md)"
  run_job "$JAVA" $TOOL_OPTS -cp "$BENCH_JAR" tme.bench.compare.ReportMain "$WORK" >"$WORK/table.md"
  cat "$WORK/table.md"
  echo
  echo "Closed loop (parts 1, 6): wrk -t $THREADS (part 6: $LOOPS_THREADS) -c $CONNECTIONS -d $DURATION, cells are" \
       "req/s (p50 / p99 / p99.9 ms); the ratio cell is req/s, then p99, tme over nginx. Open loop (part 2):" \
       "$OPEN_LOOP_CONNECTIONS connections, latency from each request's intended start, send lag = how late the" \
       "generator sent. t.me delay ${DELAY_MS} ms per request."
  echo "load average (1, 5, 15 min) at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
}
