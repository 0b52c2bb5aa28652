-- Used by bench/lib.ts: sets the request from environment variables and prints one JSON line.
wrk.method = os.getenv("WRK_METHOD") or "GET"
local body = os.getenv("WRK_BODY")
if body and body ~= "" then wrk.body = body end
local headers = os.getenv("WRK_HEADERS")
if headers and headers ~= "" then
  for line in string.gmatch(headers, "[^\n]+") do
    local k, v = string.match(line, "^([^:]+):%s*(.*)$")
    if k then wrk.headers[k] = v end
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"max_us":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status))
end
