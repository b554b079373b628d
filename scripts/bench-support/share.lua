-- wrk script: POST /v1/share with a unique share id and (unless repeats are asked for) URL on every request.
-- Arguments: TOKEN RUN_ID. Each wrk thread numbers its own requests.
local counter = 0
local token, run
local thread_count = 0

-- DWALL_BENCH_PORTS="8081 8082" spreads wrk's threads over several servers on 127.0.0.1
-- (replicas), round robin; without it every thread uses the URL's server.
local ports = {}
-- DWALL_BENCH_LINK_BASE is where the shared links point (a page server on loopback when link
-- previews are on, so no share sends anything off this machine).
local link_base = os.getenv("DWALL_BENCH_LINK_BASE") or "https://example.com/bench/"
for port in string.gmatch(os.getenv("DWALL_BENCH_PORTS") or "", "%d+") do table.insert(ports, port) end

function setup(thread)
  thread_count = thread_count + 1
  thread:set("thread_index", thread_count)
  if #ports > 0 then
    thread.addr = wrk.lookup("127.0.0.1", ports[(thread_count - 1) % #ports + 1])[1]
  end
end

-- DWALL_BENCH_SNAPSHOT_BYTES=N adds a page snapshot of about N bytes of HTML to every share
-- (as the browser extension sends), to measure what storing it costs the share's answer.
local snapshot = ""
local snapshot_bytes = tonumber(os.getenv("DWALL_BENCH_SNAPSHOT_BYTES") or "0")

function init(args)
  token = args[1]
  run = tonumber(args[2])
  -- A third argument "refused" sends ftp: links, which the server reads, checks and refuses
  -- (400) before the store: what a share costs up to the store, for scripts/bench's CPU split.
  if args[3] == "refused" then link_base = "ftp://example.com/bench/" end
  if snapshot_bytes > 0 then
    local paragraph = "<p>Words the reader saw on the page, rendered by the browser after load.</p>"
    local html = string.rep(paragraph, math.max(1, math.floor(snapshot_bytes / #paragraph)))
    snapshot = ',"page":{"title":"Benchmark page","capturedBy":"browser_extension","html":"<html><body><article>'
      .. html .. '</article></body></html>"}'
  end
end

-- DWALL_BENCH_REPEAT_PERCENT=N makes N of every 100 shares (spread evenly) a link this thread
-- shared before, under a new share id: a duplicate the server merges into the stored item.
local repeat_percent = tonumber(os.getenv("DWALL_BENCH_REPEAT_PERCENT") or "0")
local function repeats(n) return n > 1 and (n * repeat_percent) % 100 < repeat_percent end

function request()
  counter = counter + 1
  local id = string.format("%04x%04x-0000-4000-8000-%012x", run, thread_index, counter)
  local link = counter
  if repeats(counter) then
    -- An earlier request's own link (not itself a repeat), long answered.
    link = math.floor(counter / 2)
    while repeats(link) do link = link - 1 end
  end
  local body = '{"id":"' .. id .. '","contentType":"url","url":"' .. link_base
    .. run .. '/' .. thread_index .. '/' .. link .. '","title":"Benchmark item ' .. counter
    .. '","tags":["bench"],"source":"api"' .. snapshot .. '}'
  return wrk.format("POST", "/v1/share", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
  }, body)
end
