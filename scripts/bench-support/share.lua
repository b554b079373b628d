-- wrk script: POST /v1/share with a unique share id and URL on every request.
-- Arguments: TOKEN RUN_ID. Each wrk thread numbers its own requests.
local counter = 0
local token, run
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("thread_index", thread_count)
end

function init(args)
  token = args[1]
  run = tonumber(args[2])
end

function request()
  counter = counter + 1
  local id = string.format("%04x%04x-0000-4000-8000-%012x", run, thread_index, counter)
  local body = '{"id":"' .. id .. '","contentType":"url","url":"https://example.com/bench/'
    .. run .. '/' .. thread_index .. '/' .. counter .. '","title":"Benchmark item ' .. counter
    .. '","tags":["bench"],"source":"api"}'
  return wrk.format("POST", "/v1/share", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
  }, body)
end
