import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake provider received. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Form fields (Fonnte shape) or the JSON body's fields. */
  fields: Record<string, unknown>;
}

/**
 * How it answers the next request: a status (with Retry-After), or never (hangs). `before` runs
 * once the request is received and before the answer is sent (a test doing something at the
 * moment the provider has taken the message).
 */
export type Answer = { status: number; retryAfter?: string; before?: () => unknown } | 'hang';

/**
 * A real HTTP server on 127.0.0.1 playing a WhatsApp gateway, the Cloud API or Telegram: it
 * records every request and answers from `plan` (first in, first out), then 200.
 */
export async function startFakeProvider() {
  const received: Received[] = [];
  const plan: Answer[] = [];
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', async () => {
      const type = req.headers['content-type'] ?? '';
      const fields = type.includes('json')
        ? (JSON.parse(body) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(body));
      received.push({ path: req.url ?? '', headers: req.headers, body, fields });
      const answer = plan.shift() ?? { status: 200 };
      if (answer === 'hang') {
        hung.push(res);
        return;
      }
      await answer.before?.();
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (answer.retryAfter) headers['retry-after'] = answer.retryAfter;
      res.writeHead(answer.status, headers);
      res.end(JSON.stringify({ status: answer.status < 300 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    plan,
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
