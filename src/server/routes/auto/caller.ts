/** The records engine's view of a request: the signed-in user and where the call came from. */
import type { FastifyRequest } from 'fastify';
import type { RecordCaller } from '../../records/services/recordContext.js';
import { badRequest, notFound } from '../../http/HttpError.js';

/** The caller of a records call. */
export function callerOf(request: FastifyRequest): RecordCaller {
  return { user: request.user, url: request.url, method: request.method, ip: request.ip, now: request.server.now() };
}

/** A record id from the path: digits only, else 404. */
export function idParam(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw notFound('记录不存在');
  return Number(raw);
}

/** The JSON body as an object (a list query, a save), else 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体须为对象');
  return body as Record<string, unknown>;
}
