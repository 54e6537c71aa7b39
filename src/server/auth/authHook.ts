/** The authentication hook: every /api route not marked `config.public` needs a live bearer token. */
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../http/HttpError.js';
import { currentSnapshot, findSession } from '../repositories/sessionRepository.js';
import { SessionCache } from './sessionCache.js';
import { bearerToken, hashToken } from './tokens.js';
import { enforceNeedPerfect } from './needPerfect.js';
import type { AuthUser } from './types.js';

/** Sets `request.user` or answers 401 `认证失败，无法访问系统资源`. */
export function installAuthHook(app: FastifyInstance): void {
  // Set by the hook below before any handler runs; null only on public routes.
  app.decorateRequest('user', null as unknown as AuthUser);
  const cache = app.database.kind === 'pglite' ? new SessionCache(() => currentSnapshot(app.db)) : null;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    // Only API routes need a token; unknown paths and static files fall to their own handlers.
    const route = request.routeOptions.url;
    if (!route || !route.startsWith('/api/')) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const hash = hashToken(token);
    const load = () => findSession(app.db, hash, token, app.database.pool);
    const user = cache ? await cache.lookup(hash, load) : (await load())?.user ?? null;
    if (!user) throw unauthorized();
    await enforceNeedPerfect(app.db, user, request.method, route);
    request.user = user;
  });
}
