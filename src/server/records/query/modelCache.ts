/**
 * A short-lived cache of form models for read calls (list, totals, suggestions). Writes always
 * read the definition afresh. A definition saved on this instance drops its entry at once; on
 * PostgreSQL every other API process drops it when the save commits (db/changeFeed.ts:
 * LISTEN/NOTIFY). The TTL remains the bound should a message be lost, and a read that meets a
 * renamed or removed column before then is retried once with a fresh model (withFreshModelRetry).
 */
import { onChange } from '../../db/changeFeed.js';
import type { FormModel } from './formModel.js';

/** How long a cached model is used without looking at the stored definition again (saves announce themselves). */
// Long enough to matter under load, short enough to bound a lost change message (see above).
export const MODEL_CACHE_TTL_MS = 30_000;

const cache = new Map<string, { model: FormModel; at: number }>();
const key = (tenantId: number, form: string) => `${tenantId}:${form}`;

/** A cached model younger than the TTL, or undefined. */
export function cachedModel(tenantId: number, form: string): FormModel | undefined {
  const hit = cache.get(key(tenantId, form));
  if (!hit || Date.now() - hit.at > MODEL_CACHE_TTL_MS) return undefined;
  return hit.model;
}

/** Remembers a freshly loaded model. */
export function rememberModel(tenantId: number, form: string, model: FormModel): void {
  if (cache.size > 5000) cache.clear();
  cache.set(key(tenantId, form), { model, at: Date.now() });
}

/** Forgets a tenant's form (after its definition was saved or deleted here). */
export function forgetModel(tenantId: number, form: string): void {
  cache.delete(key(tenantId, form));
}

onChange((m) => {
  if (m.kind === 'model') forgetModel(m.tenantId, m.form);
  else cache.clear();
});

/** SQLSTATEs of a query that met a table or column the model knew and the database no longer has. */
export function isStaleModelError(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '42703' || code === '42P01';
}
