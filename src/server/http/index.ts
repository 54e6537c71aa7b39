/** The HTTP helpers routes use. */
export { HttpError, badRequest, unauthorized, forbidden, notFound, conflict, tooMany, found } from './HttpError.js';
export { ok, done, page } from './reply.js';
export { installErrorHandler, describeError } from './errorHandler.js';
