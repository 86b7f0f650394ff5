# Sourced by compare.sh: the tools it checks, the machine it prints, nginx, the files nginx serves, and the way each
# measurement is run and written to $RESULTS as `<id> <KIND> name=value ...` (tme.bench.compare.Results reads them).

check_tools() {
  local tool version
  require_jars
  require_tools wrk curl ss nginx redis-server redis-cli
  version=$("$JAVA" -version 2>&1 | sed -nE '1s/.*version "([0-9]+).*/\1/p')
  [[ -n "$version" && "$version" -ge 21 ]] \
    || die "$JAVA is Java ${version:-?}; tme-api needs 21 or newer: set JAVA_HOME (or JAVA) to a JDK 21+"
  [[ "$(ulimit -n)" == unlimited ]] || (( $(ulimit -n) > BURST + 200 )) \
    || die "ulimit -n is $(ulimit -n): a burst of $BURST needs more than $((BURST + 200))"
}

machine_info() {
  echo "== machine"
  echo "nproc $(nproc); CPU $(sed -nE 's/^model name\s*: //p' /proc/cpuinfo | head -1); kernel $(uname -r)"
  echo "java: $("$JAVA" -version 2>&1 | head -2 | tr '\n' ' ')"
  echo "nginx: $(nginx -v 2>&1); $(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2);" \
       "$(redis-server --version | cut -d' ' -f1-3)"
  echo "load average (1, 5, 15 min) at the start: $(cut -d' ' -f1-3 /proc/loadavg); logs in $WORK"
}

config() { # $1: id, then name=value ...: the settings a part's rows are labelled with
  local id=$1
  shift
  echo "$id CONFIG $*" >>"$RESULTS"
}

record() { # $1: id, $2: a log with a RESULT line (wrk), then more name=value: appends the line under the id
  local id=$1 log=$2 line
  shift 2
  line=$(grep '^RESULT ' "$log") || die "no RESULT line in $log"
  echo "$id $line $*" >>"$RESULTS"
}

coding_header() { # $1: coding -> the Accept-Encoding header asking for it (none for identity)
  case "$1" in gzip) echo "Accept-Encoding: gzip" ;; zstd) echo "Accept-Encoding: zstd" ;; *) echo "" ;; esac
}
coding_suffix() { # $1: coding -> the extension of nginx's file for it
  case "$1" in gzip) echo ".json.gz" ;; zstd) echo ".json.zst" ;; *) echo ".json" ;; esac
}

# nginx serving $HTML on a free port, in the foreground of a background job (daemon off), so it is one of PIDS and
# stops with the rest: sets NGINX_URL and NGINX_PID. Tuned as for static files: sendfile, open_file_cache, no log.
start_nginx() { # $1: a name, $2: worker processes
  local dir="$WORK/nginx-$1"
  mkdir -p "$dir/tmp"
  next_port
  cat >"$dir/nginx.conf" <<CONF
worker_processes $2;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  open_file_cache max=10000 inactive=10m;
  keepalive_requests 100000000; keepalive_timeout 10m;
  client_body_temp_path $dir/tmp/body; proxy_temp_path $dir/tmp/proxy; fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi; scgi_temp_path $dir/tmp/scgi;
  types { }
  default_type application/json;
  server {
    listen 127.0.0.1:$PORT;
    root $HTML;
    location ~ \.gz\$ { add_header Content-Encoding gzip; }
    location ~ \.zst\$ { add_header Content-Encoding zstd; }
  }
}
CONF
  nginx -e "$dir/error.log" -p "$dir" -c "$dir/nginx.conf" &
  NGINX_PID=$!
  PIDS+=("$NGINX_PID")
  NGINX_URL="http://127.0.0.1:$PORT"
  await_http "$NGINX_URL/k/$HOT.json" "$NGINX_PID"
}

# GETs /v1/body/<name> for every name in $1 (a file) from the server at $2 in one curl, 6 at a time, asking for
# coding $3, into $HTML/k/<name><suffix>; prints the names whose answer was not a 200 in that coding.
fetch_coded() { # $1: names file, $2: server URL, $3: coding
  local header suffix name
  header=$(coding_header "$3")
  suffix=$(coding_suffix "$3")
  while read -r name; do
    printf 'url = "%s/v1/body/%s"\noutput = "%s/k/%s%s"\n' "$2" "$name" "$HTML" "$name" "$suffix"
  done <"$1" >"$WORK/fetch-$3.cfg"
  run_job curl -sS --no-progress-meter --parallel --parallel-max 6 ${header:+-H "$header"} \
    -w '%{http_code} %header{content-encoding} %{url}\n' -K "$WORK/fetch-$3.cfg" >"$WORK/fetch-$3.txt" \
    2>>"$WORK/fetch.log" || true
  awk -v want="$3" '{ enc = NF == 3 ? $2 : "identity"
                      if ($1 != 200 || enc != want) { sub(".*/", "", $NF); print $NF } }' \
    "$WORK/fetch-$3.txt"
}

# The server's answers for every name in $1, as nginx will serve them: identity (this also loads each key), then
# gzip until every gzip copy exists (the server makes them on first demand, in the background), then zstd.
fetch_answers() { # $1: names file, $2: server URL
  local coding missing deadline
  mkdir -p "$HTML/k"
  chmod 755 "$WORK" "$HTML" "$HTML/k" # nginx's workers run as nobody when it is started as root
  for coding in identity gzip zstd; do
    deadline=$((SECONDS + 30))
    until missing=$(fetch_coded "$1" "$2" "$coding") && [[ -z "$missing" ]]; do
      (( SECONDS < deadline )) || die "no $coding answer within 30s for: $(head -c 300 <<<"$missing")"
      sleep 0.5
    done
  done
}

# Every file nginx serves answers 200 with its own bytes and coding: a 403 or 404 page would be measured as a
# (very fast) hit otherwise.
check_nginx() { # $1: names file
  local name coding suffix got want
  for name in $(head -3 "$1"); do
    for coding in identity gzip zstd; do
      suffix=$(coding_suffix "$coding")
      want="200 $(stat -c %s "$HTML/k/$name$suffix")"
      got=$(curl -sS -o /dev/null -w '%{http_code} %{size_download}' "$NGINX_URL/k/$name$suffix")
      [[ "$got" == "$want" ]] || die "nginx answered $got for /k/$name$suffix, want $want (see $WORK/nginx-*/error.log)"
    done
  done
}

# One closed-loop wrk measurement, written to $RESULTS as <id> RESULT ...; prints a progress line.
closed_loop() { # $1: id, $2: URL, $3: wrk threads, $4: coding, then wrk's script arguments (zipf.lua) if any
  local id=$1 url=$2 threads=$3 header log script=bench/load/one.lua
  header=$(coding_header "$4")
  shift 4
  (( $# == 0 )) || script=bench/load/zipf.lua
  log="$WORK/wrk-$id.log"
  run_job wrk -t "$threads" -c "$CONNECTIONS" -d "$DURATION" --latency ${header:+-H "$header"} -s "$script" "$url" \
    ${1:+--} "$@" >"$log" 2>&1 || die "wrk failed (see $log)"
  record "$id" "$log"
  echo "  $id: $(result "$log" rps) req/s, p50 $(result "$log" p50_ms) ms, p99 $(result "$log" p99_ms) ms," \
       "p99.9 $(result "$log" p999_ms) ms, non-2xx $(result "$log" errors_status)"
}

# One open-loop run (tme.bench.openloop.OpenLoopMain), its OPENLOOP, INTERVAL and PROBE lines written under the id.
open_loop() { # $1: id, then OpenLoopMain's options
  local id=$1 log="$WORK/openloop-$1.log"
  shift
  run_job "$JAVA" $TOOL_OPTS -cp "$BENCH_JAR" tme.bench.openloop.OpenLoopMain "$@" >"$log" 2>&1 \
    || die "the open-loop generator failed (see $log)"
  grep -E '^(OPENLOOP|INTERVAL|PROBE) ' "$log" | sed "s/^/$id /" >>"$RESULTS"
  echo "  $id: $(grep '^OPENLOOP ' "$log" | cut -d' ' -f2-)"
}

field_of() { # $1: id, $2: kind, $3: field -> the value in the last such line of $RESULTS, or nothing
  { grep "^$1 $2 " "$RESULTS" || true; } | tail -1 | sed -nE "s/.* $3=([^ ]+).*/\1/p"
}
