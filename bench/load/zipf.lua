-- The Zipf mix of `bench/load/run.sh compare`, the same on both sides: replays a fixed sequence of draws over a
-- fixed key set (both written by tme.bench.compare.ZipfKeysMain), so tme-api and nginx see the same keys with the
-- same popularity in the same order. Each request is PREFIX .. key .. SUFFIX, with wrk's -H headers:
--   tme-api: -- keys.txt draws.txt /v1/body/ ""          nginx: -- keys.txt draws.txt /k/ .json.gz
-- Each wrk thread starts at its own place in the sequence (an eighth of it apart) and wraps around at the end.
-- Usage: wrk ... -s bench/load/zipf.lua http://127.0.0.1:PORT -- KEYS_FILE DRAWS_FILE PREFIX [SUFFIX]
local result = require "bench.load.result"

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local function lines(path)
  local out = {}
  local file = assert(io.open(path, "r"), "zipf.lua: cannot open " .. tostring(path))
  for line in file:lines() do
    if line ~= "" then out[#out + 1] = line end
  end
  file:close()
  return out
end

local requests = {} -- the request text of key k, built once
local draws = {}    -- key numbers, 1-based
local at = 0

function init(args)
  local keys = lines(args[1])
  for _, k in ipairs(lines(args[2])) do draws[#draws + 1] = tonumber(k) end
  assert(#keys > 0 and #draws > 0, "zipf.lua: no keys or no draws")
  local prefix, suffix = args[3] or "/", args[4] or ""
  for k, key in ipairs(keys) do
    requests[k] = wrk.format(nil, prefix .. key .. suffix)
  end
  at = (((thread_id or 1) - 1) * math.floor(#draws / 8)) % #draws
end

function request()
  at = at % #draws + 1
  return requests[draws[at]]
end

function done(summary, latency, requests_)
  result.write(summary, latency)
end
