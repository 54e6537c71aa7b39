/** An error that becomes an HTTP answer: status equals `code`, `msg` is shown to the user. */
import { DEFAULT_MESSAGES, type FieldError } from '../../shared/envelope.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    /** Structured details sent as the envelope's `data` (e.g. a definition check with a 409). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 with an optional list of fields at fault. */
export function badRequest(msg: string, errors?: FieldError[], data?: unknown): HttpError {
  return new HttpError(400, msg, errors, data);
}

/** 401 with the message of spec 02 §8. */
export function unauthorized(msg: string = DEFAULT_MESSAGES[401]): HttpError {
  return new HttpError(401, msg);
}

/** 403 with the message of spec 02 §8. */
export function forbidden(msg: string = DEFAULT_MESSAGES[403]): HttpError {
  return new HttpError(403, msg);
}

/** 404 with the message of spec 02 §8 (or a more precise one). */
export function notFound(msg: string = DEFAULT_MESSAGES[404]): HttpError {
  return new HttpError(404, msg);
}

/** 409: a stale edit or a duplicate. */
export function conflict(msg: string, data?: unknown): HttpError {
  return new HttpError(409, msg, undefined, data);
}

/** 429: too many attempts. */
export function tooMany(msg: string): HttpError {
  return new HttpError(429, msg);
}

/** Throws a 404 when the row is missing; returns it otherwise. */
export function found<T>(row: T | undefined | null, msg?: string): T {
  if (row === undefined || row === null) throw notFound(msg);
  return row;
}
