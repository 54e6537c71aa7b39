/** Serves the built client from dist/client with SPA fallback; /api paths get the JSON 404. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MESSAGES } from '../../shared/envelope.js';

/** Registers static files (when built) and the not-found handler for both API and app paths. */
export async function installStaticClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, prefix: '/', wildcard: true, index: ['index.html'] });
  } else {
    app.log.warn({ clientDir }, 'No built client found: serving the API only (run `npm run build` or `npm start`).');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, msg: DEFAULT_MESSAGES[404] });
  });
  return hasClient;
}
