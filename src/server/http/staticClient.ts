/**
 * Serves the built client from dist/client with SPA fallback; /api paths get the JSON 404.
 *
 * Caching (issue 28 item 4): files under /assets carry a content hash in their names, so they are
 * `public, max-age=31536000, immutable` and a visit revalidates nothing but the page;
 * `index.html` (and the SPA fallback, and the few unhashed root files) are `no-cache`, so a new
 * build is seen at once. The build writes `.br` / `.gz` beside each compressible asset
 * (scripts/precompress.ts): they are sent with their Content-Encoding when the browser accepts
 * one, else @fastify/compress compresses on the fly. A missing /assets file is a 404, not the
 * SPA page (a stale page asking for a chunk of an older build must fail loudly, not parse HTML).
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MESSAGES } from '../../shared/envelope.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a served file is one of the build's hashed assets (dist/client/assets/…). */
function isHashedAsset(clientDir: string, filePath: string): boolean {
  return relative(clientDir, filePath).split(sep)[0] === 'assets';
}

/** Registers static files (when built) and the not-found handler for both API and app paths. */
export async function installStaticClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir, prefix: '/', wildcard: true, index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', isHashedAsset(clientDir, filePath) ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn({ clientDir }, 'No built client found: serving the API only (run `npm run build` or `npm start`).');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && hasClient && !path.startsWith('/assets/') && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, msg: DEFAULT_MESSAGES[404] });
  });
  return hasClient;
}
