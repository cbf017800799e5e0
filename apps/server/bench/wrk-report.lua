-- Ends a wrk run with one JSON line on stdout (run-wrk.mjs reads it): wrk's own totals, in its units
-- (latency in microseconds, duration in microseconds), and the latency distribution's p50 and p99.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"non2xx":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
