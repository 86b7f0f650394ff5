-- The hits-only mix of `bench/load/run.sh stalled`: uniform over the paths given after `--`, which the script
-- loaded into the cache before (a path listed twice is asked twice as often). Every other request sends
-- "Accept-Encoding: zstd" (zstd pass-through), the rest get the decompressed copy, as in mix.lua.
-- No response() callback: wrk then skips header parsing in Lua, so the load generator costs as little as it can.
-- Usage: wrk ... -s bench/load/hits.lua http://127.0.0.1:PORT -- SEED PATH...
local result = require "bench.load.result"

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
  return result.get(path, sent, zstd)
end

function done(summary, latency, requests)
  result.write(summary, latency)
end
