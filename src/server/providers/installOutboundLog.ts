/**
 * Gives every request a scope for the outbound call log (outboundFetch.ts): entries go to
 * `out_api_log` under the signed-in user's tenant, and the job sweep removes those past 90 days.
 *
 * The scope is entered in onRequest around `done` and re-entered in preValidation through an
 * AsyncResource made in onRequest, because reading a request body loses the async context (the
 * way @fastify/request-context keeps it).
 */
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { runWithOutboundScope } from './outboundFetch.js';
import { insertOutApiLog, purgeOutApiLog } from './outApiLogRepository.js';

const RESOURCE = Symbol('outboundScope');

declare module 'fastify' {
  interface FastifyRequest {
    [RESOURCE]?: AsyncResource;
  }
}

export function installOutboundLog(app: FastifyInstance): void {
  const sink = (entry: Parameters<typeof insertOutApiLog>[1]) => insertOutApiLog(app.db, entry);
  const onSinkError = (err: unknown) => app.log.warn({ err }, 'outbound call log write failed');
  app.addHook('onRequest', (request, _reply, done) => {
    const tenantId = () => (request.user as { tenantId?: number } | null)?.tenantId ?? null;
    runWithOutboundScope({ sink, tenantId, onSinkError }, () => {
      request[RESOURCE] = new AsyncResource('outboundScope');
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = request[RESOURCE];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
  app.jobs.addSweep(() => purgeOutApiLog(app.db, app.now()));
}
