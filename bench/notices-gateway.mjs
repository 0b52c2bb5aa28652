// The notices bench's WhatsApp gateway (Fonnte's shape), run in a worker thread: a real gateway
// is another machine, and this one must answer while the bench's own thread is busy issuing
// letters on SQLite (synchronous work that holds its event loop for the whole burst; a gateway
// in that thread answered only after it, the server's requests timed out meanwhile and were sent
// again). It allows `rate` messages in any second and answers 429 with Retry-After: 1 above it;
// the parent asks for what it received with the message 'report'.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { rate, token } = workerData;
const accepted = [];
/** The letter's reference (KP-000123) → arrival times: a second arrival is a duplicate. */
const arrivals = new Map();
let refused = 0;
let bad = 0;

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c.toString('utf8')));
  req.on('end', () => {
    const now = performance.timeOrigin + performance.now();
    const form = new URLSearchParams(body);
    const message = form.get('message') ?? '';
    if (req.headers.authorization !== token || !form.get('target') || !message) {
      bad += 1;
      res.writeHead(400).end('{"status":false}');
      return;
    }
    // The allowed rate over a sliding second.
    let inWindow = 0;
    for (let i = accepted.length - 1; i >= 0 && accepted[i] > now - 1000; i--) inWindow += 1;
    if (inWindow >= rate) {
      refused += 1;
      res.writeHead(429, { 'retry-after': '1' }).end('{"status":false,"reason":"rate limit"}');
      return;
    }
    accepted.push(now);
    const ref = /\b[A-Z]+-\d{6,}\b/.exec(message)?.[0] ?? message;
    arrivals.set(ref, [...(arrivals.get(ref) ?? []), now]);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true}');
  });
});

server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'report') parentPort.postMessage({ accepted, arrivals: [...arrivals], refused, bad });
});
