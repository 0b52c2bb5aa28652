// The bare Fastify baseline of bench/public-pages.bench.ts: a process of its own that answers
// each path with the exact bytes and content type Balai sent for it, and nothing else (no
// plugins, no hooks, no logging). BARE_ROUTES: a JSON file of { path, type, encoding, body
// (base64) }.
import fs from 'node:fs';
import Fastify from 'fastify';

interface BareRoute {
  path: string;
  type: string;
  encoding: string | null;
  body: string;
}

const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES!, 'utf8')) as BareRoute[];
const app = Fastify({ logger: false });
for (const route of routes) {
  const body = Buffer.from(route.body, 'base64');
  app.get(route.path, (_request, reply) => {
    if (route.encoding) void reply.header('content-encoding', route.encoding);
    void reply.type(route.type).send(body);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
