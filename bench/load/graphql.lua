-- The heavy GraphQL client of `bench/load/run.sh fairness`: POSTs one query (the JSON body in the file named by
-- GQL_BODY) in a closed loop, and counts the answers: answered (200 with data), refused before running (the
-- extensions code, e.g. query_too_expensive), shed (503). Usage: GQL_BODY=file wrk ... -s bench/load/graphql.lua URL
local body = assert(io.open(os.getenv("GQL_BODY"), "r")):read("*a")
local headers = { ["Content-Type"] = "application/json" }
local result = require "bench.load.result"
local threads = {}
counts = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function request()
  return wrk.format("POST", "/graphql", headers, body)
end

function response(status, _, answer)
  local key = tostring(status)
  if status == 200 then
    key = answer:match('"code":"([%w_]+)"') or (answer:sub(1, 9) == '{"data":{' and "answered") or "200_other"
  end
  counts[key] = (counts[key] or 0) + 1
end

function done(summary, latency)
  local all = result.merged(threads)
  local line = "GRAPHQL"
  for key, n in pairs(all) do
    line = line .. string.format(" %s=%d", key, n)
  end
  io.write(string.format("%s requests=%d p50_ms=%.1f p99_ms=%.1f\n", line, summary.requests,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
