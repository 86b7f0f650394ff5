-- The readers of bench/load/soak.sh: the cached keys given after `--` (or soak.sh's defaults), in turns, half of
-- them asking for zstd; every answer counted by status class on its thread. Ends with
-- `RESULT ok=N s5xx=N other=N` (2xx and 304; 5xx; anything else) for soak.sh to read.
-- Usage: wrk ... -s bench/load/soak.lua http://127.0.0.1:PORT [-- PATH...]
local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

local paths = { "/v1/body/durov", "/v1/body/meduzalive", "/v1/body/topwar_official", "/v1/preview/durov",
                "/v1/body/durov?position=490", "/v1/post/durov/499" }
local sent = 0
local zstd = { ["Accept-Encoding"] = "zstd" }
ok, s5xx, other = 0, 0, 0

function init(args)
  if #args > 0 then
    paths = args
  end
end

function request()
  sent = sent + 1
  local path = paths[sent % #paths + 1]
  if sent % 2 == 0 then
    return wrk.format("GET", path, zstd)
  end
  return wrk.format("GET", path)
end

function response(status, headers, body)
  if (status >= 200 and status < 300) or status == 304 then
    ok = ok + 1
  elseif status >= 500 then
    s5xx = s5xx + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local total = { ok = 0, s5xx = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for name, _ in pairs(total) do
      total[name] = total[name] + thread:get(name)
    end
  end
  io.write(string.format("RESULT ok=%d s5xx=%d other=%d\n", total.ok, total.s5xx, total.other))
end
