-- The request mix of bench/load/run.sh: Zipf-like popularity over the 4 recorded channels and, within a
-- channel, over positions and posts, so a few keys are hot and a long tail misses.
--   60% /v1/body/{ch}                 the latest page (10s TTL: refreshed during the run)
--   20% /v1/body/{ch}?position=N      N = newest - r (at least 1), r Zipf over 200 ranks (the tail: cold misses)
--   15% /v1/post/{ch}/{id}            id Zipf over the posts really on the recorded page
--    5% /v1/preview/durov             (only durov has a recorded profile; other channels get their latest page)
-- Every other request sends "Accept-Encoding: zstd" (zstd pass-through), the rest get decompressed JSON.
-- Usage: wrk ... -s bench/load/mix.lua http://127.0.0.1:PORT -- SEED
local result = require "bench.load.result"

local channels = {
  { name = "durov", ids = { 502, 501, 500, 499, 498, 497, 496, 495, 494, 493, 491, 490, 489, 488, 487, 486,
                            485, 483, 482, 481 } },
  { name = "meduzalive", ids = { 141896, 141895, 141894, 141893, 141890, 141889, 141888, 141887, 141886, 141885,
                                 141884, 141883, 141882, 141881, 141880, 141879, 141878 } },
  { name = "topwar_official", ids = { 71008, 71007, 71006, 71000, 70999, 70998, 70997, 70996, 70995, 70992,
                                      70990, 70989 } },
  { name = "demo_empty", ids = { 1 } },
}
local POSITIONS = 200

-- cumulative probabilities of ranks 1..n with weight 1/rank^s
local function zipf(n, s)
  local cdf, sum = {}, 0
  for k = 1, n do
    sum = sum + 1 / (k ^ s)
    cdf[k] = sum
  end
  for k = 1, n do
    cdf[k] = cdf[k] / sum
  end
  return cdf
end

-- the first rank whose cumulative probability exceeds a uniform draw
local function draw(cdf)
  local u, lo, hi = math.random(), 1, #cdf
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cdf[mid] > u then hi = mid else lo = mid + 1 end
  end
  return lo
end

local channel_cdf = zipf(#channels, 1.0)
local position_cdf = zipf(POSITIONS, 1.0)
for _, ch in ipairs(channels) do
  ch.id_cdf = zipf(#ch.ids, 1.0)
end

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local sent = 0
local zstd = { ["Accept-Encoding"] = "zstd" }

function init(args)
  -- reproducible: the same seed gives the same request sequence; parallel wrk processes pass different seeds
  math.randomseed(1000 * (tonumber(args[1]) or 0) + (thread_id or 0))
end

function request()
  local ch = channels[draw(channel_cdf)]
  local u = math.random()
  local path
  if u < 0.60 then
    path = "/v1/body/" .. ch.name
  elseif u < 0.80 then
    path = "/v1/body/" .. ch.name .. "?position=" .. math.max(1, ch.ids[1] - (draw(position_cdf) - 1))
  elseif u < 0.95 then
    path = "/v1/post/" .. ch.name .. "/" .. ch.ids[draw(ch.id_cdf)]
  elseif ch.name == "durov" then
    path = "/v1/preview/durov"
  else
    path = "/v1/body/" .. ch.name
  end
  sent = sent + 1
  return result.get(path, sent, zstd)
end

function done(summary, latency, requests)
  result.write(summary, latency)
end
