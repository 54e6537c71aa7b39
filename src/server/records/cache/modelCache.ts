/**
 * Form models kept for read calls (list, totals, suggestions), per database handle (ADR 1028).
 * Writes always read the definition afresh. A definition saved or deleted in this process drops
 * its entry at once (`forgetModel`); on PostgreSQL every other API process drops it when the save
 * commits (db/changeFeed.ts: LISTEN/NOTIFY). The TTL only bounds a lost message, and a read that
 * meets a renamed or removed column before then is retried once with a fresh model
 * (recordContext.withReadModel). A model cannot wait for the form's write generation: it is what
 * says which table's generation to read.
 *
 * Entries hang off the Kysely instance, so two databases in one process (tests, a read replica)
 * never share a model. A forget names a tenant and form, not a database (a change message does not
 * say which): it drops that form's models in every database of the process, a needless reload at
 * worst.
 */
import type { Kysely } from 'kysely';
import { onChange } from '../../db/changeFeed.js';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';

/** How long a cached model is used without looking at the stored definition again (saves announce themselves). */
export const MODEL_CACHE_TTL_MS = 30_000;
const MAX_MODELS = 5000;

interface Kept {
  model: FormModel;
  at: number;
  /** The forget count when it was loaded: a later forget of its form, or of everything, drops it. */
  seq: number;
}

const models = new WeakMap<object, Map<string, Kept>>();
/** Forgets counted process-wide: the last forget of each form, and of everything. */
let seq = 0;
let allForgotten = 0;
const forgotten = new Map<string, number>();
const key = (tenantId: number, form: string) => `${tenantId}:${form}`;

/** A model of `db` younger than the TTL and not forgotten since, or undefined. */
export function cachedModel(db: Kysely<Database>, tenantId: number, form: string): FormModel | undefined {
  const k = key(tenantId, form);
  const hit = models.get(db)?.get(k);
  if (!hit || Date.now() - hit.at > MODEL_CACHE_TTL_MS) return undefined;
  if (hit.seq < allForgotten || hit.seq < (forgotten.get(k) ?? 0)) return undefined;
  return hit.model;
}

/** Remembers a model loaded from `db` (call it with the forget count read before loading: `modelSeq()`). */
export function rememberModel(db: Kysely<Database>, tenantId: number, form: string, model: FormModel, loadedAt: number): void {
  let m = models.get(db);
  if (!m) models.set(db, (m = new Map()));
  if (m.size >= MAX_MODELS) m.clear();
  m.set(key(tenantId, form), { model, at: Date.now(), seq: loadedAt });
}

/** The forget count now: a model loaded after reading it is valid unless a forget follows. */
export function modelSeq(): number {
  return seq;
}

/** Forgets a tenant's form in every database of the process (its definition was saved or deleted). */
export function forgetModel(tenantId: number, form: string): void {
  seq++;
  if (forgotten.size >= MAX_MODELS) {
    forgotten.clear();
    allForgotten = seq;
  }
  forgotten.set(key(tenantId, form), seq);
}

onChange((m) => {
  if (m.kind === 'model') forgetModel(m.tenantId, m.form);
  else allForgotten = ++seq;
});

/** SQLSTATEs of a query that met a table or column the model knew and the database no longer has. */
export function isStaleModelError(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '42703' || code === '42P01';
}
