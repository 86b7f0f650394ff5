-- The misses of `bench/load/run.sh stalled`: /v1/body/<a channel nobody asked before> on every request, so each
-- is a load of its own (no coalescing, no cached "not found"). While t.me is stalled they wait at the upstream
-- gate until TELEGRAM_TIMEOUT (504) or are refused at once (503 with Retry-After) once too many wait.
-- Counts the answers by status, and the 503s with and without a Retry-After header.
-- Optional pacing: MISS_DELAY_MS > 0 in the environment makes each connection wait that long before its next
-- request (wrk's delay(); read when the script loads, because wrk decides then whether delay() exists), which caps
-- the miss rate at connections x 1000 / MISS_DELAY_MS per second.
-- Usage: [MISS_DELAY_MS=N] [MISS_RETRY_AFTER=1] wrk ... -s bench/load/misses.lua http://127.0.0.1:PORT -- RUN_ID
local result = require "bench.load.result"

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
  thread:set("thread_id", #threads)
end

local run_id, sent = "0", 0
counts = {}  -- global, for thread:get in done(): status (a string) or "503_retry_after"/"503_no_retry_after" -> answers

function init(args)
  run_id = args[1] or "0"
end

function request()
  sent = sent + 1
  -- ^[A-Za-z][A-Za-z0-9_]{3,31}$, as the api checks channel names; unique per run, thread and request
  return wrk.format("GET", string.format("/v1/body/miss_%s_%d_%d", run_id, thread_id, sent))
end

local pause = tonumber(os.getenv("MISS_DELAY_MS") or "0") or 0
-- MISS_RETRY_AFTER=1: a well-behaved client, that waits what a 503's Retry-After says before its next request on
-- that connection (wrk asks delay() right after the response it follows, so one variable per thread serves).
local honour = os.getenv("MISS_RETRY_AFTER") == "1"
local retry_ms = 0
if pause > 0 or honour then
  function delay()
    local wait = math.max(pause, retry_ms)
    retry_ms = 0
    return wait
  end
end

function response(status, headers, body)
  local key = tostring(status)
  counts[key] = (counts[key] or 0) + 1
  if status == 503 then
    local hinted = headers["Retry-After"] or headers["retry-after"]
    key = hinted and "503_retry_after" or "503_no_retry_after"
    if honour and hinted then
      retry_ms = (tonumber(hinted) or 0) * 1000
    end
    counts[key] = (counts[key] or 0) + 1
  end
end

-- MISSES line: every status seen and its count; then the usual RESULT line (latency in milliseconds)
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for key, n in pairs(thread:get("counts") or {}) do
      total[key] = (total[key] or 0) + n
    end
  end
  local keys = {}
  for key in pairs(total) do keys[#keys + 1] = key end
  table.sort(keys)
  local parts = {}
  for _, key in ipairs(keys) do parts[#parts + 1] = key .. "=" .. total[key] end
  io.write("MISSES " .. table.concat(parts, " ") .. "\n")
  result.write(summary, latency)
end
