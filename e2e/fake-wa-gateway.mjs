// A WhatsApp gateway in Fonnte's shape for the browser tests (issue 22): a real HTTP server on
// 127.0.0.1 that records every POST /send (Authorization, target, message) and answers 200;
// GET /messages lists what it received, so a spec reads a confirmation code "from the phone".
import http from 'node:http';

export const WA_TOKEN = 'e2e-wa-token';

/** Starts the gateway on a free port; resolves with its address (`${url}/send` takes messages). */
export function startFakeWaGateway() {
  const messages = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: messages }));
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const ok = req.method === 'POST' && req.headers.authorization === WA_TOKEN;
      if (ok)
        messages.push({
          target: form.get('target'),
          message: form.get('message'),
          at: new Date().toISOString(),
        });
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: ok }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)),
  );
}
