# Sourced by the scripts of bench/load (run.sh, compare.sh, cpu.sh, soak.sh, cpu-per-hit.sh): the JVM and the jars,
# checks for tools and jars, the processes a run starts and stops, free ports, waiting for a server, and reading the
# RESULT lines of the load scripts and the /metrics counters. Sourced from the repository's root. The caller may set
# WORK (a temp directory, made here if unset), JAVA and JAVA_OPTS (defaults below; the environment's win), and SCRIPT
# (its name, for messages).

die() { echo "${SCRIPT:-run.sh}: $*" >&2; exit 1; }

# The JVM (a JDK 21+) and its options for the servers and the fake t.me, and the jars `mvn -B -DskipTests package`
# leaves (always these: nothing here builds).
# Without JAVA, the JDK is picked exactly as ./tme picks it (scripts/jdk.sh), whatever the default `java` is.
source scripts/jdk.sh # select_jdk, apt_install
if [[ -z "${JAVA:-}" ]]; then
  select_jdk
  JAVA=$JAVA_HOME/bin/java
fi
# The heap starts at its maximum, as ./tme start starts it (docs/operations.md, JVM flags): a heap that starts small
# collects a small young generation often, and hits wait behind those pauses (docs/performance.md, section 17).
source scripts/jvm.sh # TME_GC_OPTS: the collector's options ./tme start uses
JAVA_OPTS=${JAVA_OPTS:--Xms512m -Xmx512m $TME_GC_OPTS --enable-native-access=ALL-UNNAMED}
API_JAR=${API_JAR:-api/target/tme-api.jar} # a copy keeps a run going while the tree is rebuilt
BENCH_JAR=${BENCH_JAR:-bench/target/benchmarks.jar}

require_jars() {
  [[ -f "$API_JAR" && -f "$BENCH_JAR" ]] || die "missing $API_JAR or $BENCH_JAR: run mvn -B -DskipTests package first"
}
# Installs with apt-get (as ./tme installs Maven and Redis: scripts/jdk.sh's apt_install) each command of the list that
# is not on the PATH, so a fresh machine runs the benchmarks as it is; without apt-get, it names the Debian package.
require_tools() { # tool ...
  local tool package
  for tool in "$@"; do
    command -v "$tool" >/dev/null && continue
    case "$tool" in ss) package=iproute2 ;; redis-cli) package=redis-tools ;; *) package=$tool ;; esac
    echo "${SCRIPT:-run.sh}: $tool is missing: installing Debian's $package" >&2
    apt_install "$package"
    command -v "$tool" >/dev/null || die "$tool is missing (apt-get install -y $package)"
  done
}

WORK=${WORK:-$(mktemp -d /tmp/tme-load.XXXXXX)}
mkdir -p "$WORK" # a WORK given may not exist yet
PIDS=()       # servers, the fake, Redis, nginx: stopped on exit
WARM_PIDS=()  # wrk processes: they end by themselves, but not before DURATION if the script is stopped
WRK_PIDS=()
# Stops what is still running of what this shell started. Only this shell's own unreaped children are signalled
# (jobs -pr), so a process id that ended long ago and now belongs to someone else's process is never killed.
cleanup() {
  local pid running
  running=" $(jobs -pr | tr '\n' ' ') "
  for pid in "${WRK_PIDS[@]}" "${WARM_PIDS[@]}" "${PIDS[@]}"; do
    [[ "$running" != *" $pid "* ]] || kill "$pid" 2>/dev/null || true
  done
  for pid in "${WRK_PIDS[@]}" "${WARM_PIDS[@]}" "${PIDS[@]}"; do
    [[ "$running" != *" $pid "* ]] || wait "$pid" 2>/dev/null || true
  done
}
# Stops one process started here (a server whose parts are done) and forgets it.
stop_process() { # $1: pid
  local pid kept=()
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
  for pid in "${PIDS[@]}"; do [[ "$pid" == "$1" ]] || kept+=("$pid"); done
  PIDS=(${kept[@]+"${kept[@]}"})
}
trap cleanup EXIT
trap 'echo "${SCRIPT:-run.sh}: interrupted, stopping what it started" >&2; exit 130' INT TERM

# Runs a command as a background job of this shell and waits for it. A Ctrl-C then reaches the INT trap at once:
# bash runs a trap only after a foreground child ends, and not at all when the child handled the signal itself and
# exited normally, as wrk and the JVM do.
run_job() {
  "$@" &
  WRK_PIDS+=($!)
  wait $!
}

# A port nobody listens on, that this run has not handed out yet, and below the kernel's ephemeral range (so no
# process binding port 0, such as the fake's inner server, can take it between this check and our bind).
EPHEMERAL_FROM=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
TAKEN=" "
next_port() { # sets PORT (not echoed: a $(...) subshell would lose TAKEN)
  while :; do
    PORT=$((10000 + RANDOM % (EPHEMERAL_FROM - 10000)))
    if [[ "$TAKEN" != *" $PORT "* ]] && ! ss -Htan "sport = :$PORT" | grep -q .; then
      TAKEN+="$PORT "
      return
    fi
  done
}

# Polls until the URL answers 2xx, at most AWAIT_SECONDS (30); gives up at once if the process that should answer
# ($2) died. Several JVMs starting at once on a busy machine may need more (mixed.sh waits 120 s).
await_http() {
  local deadline=$((SECONDS + ${AWAIT_SECONDS:-30}))
  until curl -fsS -o /dev/null "$1" 2>/dev/null; do
    kill -0 "$2" 2>/dev/null || die "the process for $1 exited (logs in $WORK)"
    (( SECONDS < deadline )) || die "no answer from $1 within ${AWAIT_SECONDS:-30}s (logs in $WORK)"
    sleep 0.2
  done
}

fake_count() {
  sed -E "s/.*\"$1\":([0-9]+).*/\\1/" <<<"$HITS"
}

# A process's CPU ticks so far, user and system: "utime stime" (/proc/<pid>/stat, in CLK_TCK units).
ticks() { awk '{ print $14, $15 }' "/proc/$1/stat"; }
# The median of the numbers given.
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

seconds_of() { # 20s, 2m or 20 -> seconds
  case "$1" in *ms) echo 1 ;; *m) echo $(( ${1%m} * 60 )) ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac
}
# The server's /metrics is Prometheus text: `name{label="value",...} 12.0` per series.
metric() { # $1: a /metrics answer, $2: a series, name{labels} as written, or a bare name (summed over its labels)
  awk -v want="$2" '/^#/ { next }
    { name = $1; sub(/\{.*/, "", name)
      if ($1 == want || name == want) { sum += $NF; found = 1 } }
    END { if (found) printf "%.17g", sum; else print "-" }' <<<"$1"
}
delta() { # $1, $2: /metrics answers, $3: a counter name -> the counter's growth from $1 to $2
  awk -v a="$(metric "$1" "$3")" -v b="$(metric "$2" "$3")" 'BEGIN { printf "%d", b - a }'
}
result() { # $1: log file, $2: field -> value
  sed -E "s/.* $2=([0-9.]+).*/\1/" <<<"$(grep '^RESULT ' "$1" || die "no RESULT line in $1")"
}

# --- the processes of a run ------------------------------------------------------------------------------------
# The fake t.me (tme.bench.FakeTmeMain) on a free port: sets FAKE_PORT and FAKE (its base URL).
start_fake() { # $1: delay per t.me request in milliseconds
  next_port
  FAKE_PORT=$PORT
  FAKE="http://127.0.0.1:$FAKE_PORT"
  "$JAVA" $JAVA_OPTS -cp "$BENCH_JAR" tme.bench.FakeTmeMain "$FAKE_PORT" "$1" >"$WORK/fake.log" 2>&1 &
  PIDS+=($!)
  await_http "$FAKE/__hits" "$!"
}

# A redis-server of this run alone, on a free port, nothing saved: sets REDIS_PORT and REDIS_URL.
start_redis() {
  local deadline=$((SECONDS + 10))
  next_port
  REDIS_PORT=$PORT
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no >"$WORK/redis.log" 2>&1 &
  PIDS+=($!)
  until redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; do
    (( SECONDS < deadline )) || die "redis-server did not start (see $WORK/redis.log)"
    sleep 0.1
  done
  REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
}

# One tme-api server behind the fake, on a free port, with more environment (NAME=value ...): appends its port and
# pid to API_PORTS and API_PIDS, log in $WORK/api-<name>.log. Does not wait, so several JVMs start side by side:
# await_apis does.
API_PORTS=()
API_PIDS=()
start_api() { # $1: a name for its log, then NAME=value ...
  local name=$1
  shift
  next_port
  API_PORTS+=("$PORT")
  env PORT="$PORT" ACCESS_LOG="${ACCESS_LOG:-false}" TELEGRAM_BASE_URL="http://127.0.0.1:$FAKE_PORT" "$@" \
    "$JAVA" $JAVA_OPTS -jar "$API_JAR" >"$WORK/api-$name.log" 2>&1 &
  PIDS+=($!)
  API_PIDS+=($!)
}
await_apis() {
  local i
  for i in "${!API_PORTS[@]}"; do await_http "http://127.0.0.1:${API_PORTS[$i]}/healthz" "${API_PIDS[$i]}"; done
}
