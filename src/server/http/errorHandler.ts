/** Maps every thrown error to the envelope of CONTRACT.md §2: a Chinese message, never a stack. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MESSAGES, type ErrorResponse } from '../../shared/envelope.js';
import { HttpError } from './HttpError.js';
import { toFieldErrors } from './validationMessages.js';
import { describeDatabaseError } from './databaseErrors.js';

const CODE_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求体不能为空'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求体不是有效的 JSON'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [400, '不支持的请求内容类型'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度不正确'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求内容过大'],
  FST_ERR_CTP_EMPTY_TYPE: [400, '请求缺少内容类型'],
  FST_ERR_CTP_INVALID_TYPE: [400, '请求内容类型不正确'],
  FST_ERR_VALIDATION: [400, '请求参数不正确'],
};

const STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数不正确',
  401: DEFAULT_MESSAGES[401],
  403: DEFAULT_MESSAGES[403],
  404: DEFAULT_MESSAGES[404],
  405: '请求方法不支持',
  406: '请求不可接受',
  413: '请求内容过大',
  415: '不支持的请求内容类型',
  429: '请求过于频繁，请稍后再试',
  503: '服务暂不可用，请稍后再试',
};

/** Builds the answer body and status for an error. */
export function describeError(err: unknown): { status: number; body: ErrorResponse; internal: boolean } {
  if (err instanceof HttpError) {
    const body: ErrorResponse = { code: err.status, msg: err.message };
    if (err.errors?.length) body.errors = err.errors;
    if (err.data !== undefined) body.data = err.data;
    return { status: err.status, body, internal: false };
  }
  const fe = err as FastifyError & { validation?: Parameters<typeof toFieldErrors>[0]; validationContext?: string };
  if (Array.isArray(fe?.validation)) {
    const errors = toFieldErrors(fe.validation, fe.validationContext ?? 'body');
    const msg = errors[0]?.message ?? STATUS_MESSAGES[400];
    return { status: 400, body: { code: 400, msg, errors }, internal: false };
  }
  if (fe?.code && CODE_MESSAGES[fe.code]) {
    const [status, msg] = CODE_MESSAGES[fe.code];
    return { status, body: { code: status, msg }, internal: false };
  }
  if (err instanceof SyntaxError && fe.statusCode === 400) {
    return { status: 400, body: { code: 400, msg: '请求体不是有效的 JSON' }, internal: false };
  }
  const dbError = describeDatabaseError(err);
  if (dbError) return { status: dbError[0], body: { code: dbError[0], msg: dbError[1] }, internal: false };
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, body: { code: status, msg: STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400] }, internal: false };
  }
  return { status: 500, body: { code: 500, msg: DEFAULT_MESSAGES.unknown }, internal: true };
}

/** Installs the error handler (logs internal errors with their stack, answers without one). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, internal } = describeError(err);
    if (internal) request.log.error({ err }, 'unhandled error');
    else request.log.info({ status, msg: body.msg }, 'request refused');
    return reply.status(status).send(body);
  });
}
