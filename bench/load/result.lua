-- The one machine-readable line every load script ends with, for run.sh to read: latency in milliseconds.
-- Loaded with `require "bench.load.result"` (run.sh runs wrk from the repository's root).
local result = {}

function result.write(summary, latency)
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

-- Sends a GET, asking for zstd every other time (half the clients accept it), counting in the caller's counter.
function result.get(path, sent, zstd)
  if sent % 2 == 0 then
    return wrk.format("GET", path, zstd)
  end
  return wrk.format("GET", path)
end

-- The counts each thread kept in its global `counts` (status or kind -> answers), added up: for done().
function result.merged(threads)
  local all = {}
  for _, thread in ipairs(threads) do
    for key, n in pairs(thread:get("counts")) do
      all[key] = (all[key] or 0) + n
    end
  end
  return all
end

return result
