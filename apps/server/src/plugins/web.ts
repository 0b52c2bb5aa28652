import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a new
 * release is picked up at once. Any other non-API GET answers index.html (history fallback).
 */
export default fp<{ distDir: string }>(async (app, opts) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn(
      { distDir: opts.distDir },
      'web app not built: only the API is served (run npm run build)',
    );
  }
  const indexHtml = hasWeb ? fs.readFileSync(indexFile) : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/files/');
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return reply
      .code(404)
      .send({ message: isApi ? 'Alamat API tidak ditemukan.' : 'Halaman tidak ditemukan.' });
  });
});
