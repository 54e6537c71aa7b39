/**
 * JSON Web Tokens signed with HS256 over node:crypto (ONLYOFFICE's signature; no JWT library is a
 * dependency here, ADR 1052). Only HS256 is accepted: a token naming another algorithm — `none`
 * included — is refused, and the signature is compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** A signed token of `payload`; `expiresInS` adds `iat` and `exp`. */
export function signJwt(payload: Record<string, unknown>, secret: string, expiresInS?: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const claims = expiresInS ? { ...payload, iat, exp: iat + expiresInS } : payload;
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The payload of a valid, unexpired HS256 token, or null. */
export function verifyJwt(token: string, secret: string, now = Date.now()): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: unknown };
    if (header.alg !== 'HS256') return null;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const exp = (payload as { exp?: unknown }).exp;
    if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 < now)) return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
