-- The sprayer of `bench/load/run.sh fairness`: one client (CF-Connecting-IP from SPRAY_IP, through TRUSTED_PROXIES)
-- asking /v1/body/bulk<random> in a closed loop, every request a cold channel; or, with SPRAY_PATH, that one
-- (cached) path. Counts answers by status. Usage: SPRAY_IP=a.b.c.d [SPRAY_PATH=/v1/body/x] wrk ... -s spray.lua URL
local ip = assert(os.getenv("SPRAY_IP"), "SPRAY_IP")
local fixed = os.getenv("SPRAY_PATH")
local headers = { ["CF-Connecting-IP"] = ip }
local result = require "bench.load.result"
local threads = {}
counts = {}

function setup(thread)
  threads[#threads + 1] = thread
  thread:set("thread_id", #threads)
end

local sent = 0
function request()
  sent = sent + 1
  local path = fixed or string.format("/v1/body/bulk%d_%d_%d", thread_id, sent, math.random(1e9))
  return wrk.format("GET", path, headers)
end

function response(status)
  local key = tostring(status)
  counts[key] = (counts[key] or 0) + 1
end

function done(summary)
  local all = result.merged(threads)
  local line = "SPRAY" .. (fixed and "_HITS" or "")
  for key, n in pairs(all) do
    line = line .. string.format(" status_%s=%d", key, n)
  end
  io.write(line .. string.format(" requests=%d\n", summary.requests))
end
