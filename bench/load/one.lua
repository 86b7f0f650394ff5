-- The same request again and again (path and headers from wrk's command line), ending with run.sh's RESULT line:
-- `bench/load/run.sh compare` uses it for nginx and tme-api alike, so both are measured the same way.
local result = require "bench.load.result"

function done(summary, latency, requests)
  result.write(summary, latency)
end
