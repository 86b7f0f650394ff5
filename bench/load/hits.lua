-- The hits-only mix of `bench/load/run.sh stalled`: uniform over the paths given after `--`, which the script
-- loaded into the cache before (a path listed twice is asked twice as often). Every other request sends
-- "Accept-Encoding: zstd" (zstd pass-through), the rest get the decompressed copy, as in mix.lua.
-- No response() callback: wrk then skips header parsing in Lua, so the load generator costs as little as it can.
-- Usage: wrk ... -s bench/load/hits.lua http://127.0.0.1:PORT -- SEED PATH...

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local paths = {}
local sent = 0
local zstd = { ["Accept-Encoding"] = "zstd" }

function init(args)
  math.randomseed(1000 * (tonumber(args[1]) or 0) + (thread_id or 0))
  for i = 2, #args do
    paths[#paths + 1] = args[i]
  end
  assert(#paths > 0, "hits.lua: no paths after the seed")
end

function request()
  local path = paths[math.random(#paths)]
  sent = sent + 1
  if sent % 2 == 0 then
    return wrk.format("GET", path, zstd)
  end
  return wrk.format("GET", path)
end

-- one machine-readable line for run.sh; latency in milliseconds
function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format(
    "RESULT requests=%d seconds=%.2f rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f p999_ms=%.2f max_ms=%.2f " ..
    "errors_connect=%d errors_read=%d errors_write=%d errors_status=%d errors_timeout=%d bytes=%d\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000,
    e.connect, e.read, e.write, e.status, e.timeout, summary.bytes))
end
