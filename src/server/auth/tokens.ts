/** Bearer tokens: random, stored only as a SHA-256 hash so a database leak gives no sessions. */
import { createHash, randomBytes } from 'node:crypto';

/** A fresh random token (43 characters, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}
