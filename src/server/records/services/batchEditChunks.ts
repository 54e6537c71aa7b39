/**
 * A batch edit job on a database with one connection (PGlite; ADR 0806): one transaction over
 * 60,000 records held that connection for a quarter of an hour and every other request of every
 * tenant answered 503. Here the work runs in short transactions (about CHUNK_MS each), and the
 * connection goes back to the other requests between them:
 * 1. judge: every record's edit is run and rolled back, chunk by chunk; any refusal fails the
 *    job with nothing written (the all-or-nothing of ADR 0941 for every refusal known before
 *    writing; a cancel here writes nothing);
 * 2. write: the records again, in ascending id order, each chunk committed together with the
 *    job's cursor (`{cursor, updated}` in `jobs.checkpoint`), the last one together with the
 *    job's end. A kill resumes after the cursor: no record is written twice or skipped. A record
 *    changed by someone else between the two passes is not overwritten: it is reported.
 * A cancel during the write pass comes too late (as one during a commit): the job finishes.
 */
import { readerOf } from './dataScope.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldError } from '../../../shared/envelope.js';
import type { FormModel } from '../query/formModel.js';
import { versionsSince } from '../repositories/recordWrites.js';
import type { RecordCaller } from './recordContext.js';
import { editOne, failure, sqlAnswers, type BatchEdit, type BatchHooks, type ChunkHooks } from './batchEditSteps.js';
import type { SqlConditions } from './sqlHide.js';

/** How long one chunk's transaction should hold the connection. */
const CHUNK_MS = 100;
const MIN_CHUNK = 5;
const MAX_CHUNK = 500;

/** The next chunk's size, so that it takes about CHUNK_MS. */
function nextSize(size: number, ms: number): number {
  return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.round((size * CHUNK_MS) / Math.max(1, ms))));
}

/** Lets the requests waiting for the connection run before the next chunk takes it again. */
const turn = () => new Promise((r) => setImmediate(r));

const judged = new Error('judged');

/** Judges, then writes `writable` in committed chunks (see the file's comment); answers the count written. */
export async function writeInChunks(
  db: Kysely<Database>, model: FormModel, caller: RecordCaller, edit: BatchEdit, writable: number[], conditions: SqlConditions | undefined,
  hooks: BatchHooks, chunks: ChunkHooks, keep: number,
): Promise<{ updated: number; ids: number[] }> {
  const ids = [...writable].sort((a, b) => a - b);
  const tenantId = caller.user.tenantId;
  const refused: FieldError[] = [];
  const answers = new Map<number, Record<string, unknown>>();
  let size = 20;
  for (let i = 0; i < ids.length;) {
    const chunk = ids.slice(i, i + size);
    for (const [k, v] of await sqlAnswers(db, model, caller, edit, chunk, conditions, hooks, i, ids.length)) answers.set(k, v);
    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      const versions = hooks.since ? await versionsSince(trx, model, tenantId, chunk, hooks.since) : null;
      for (const id of chunk) {
        hooks.throwIfCancelled?.();
        await editOne(trx, model, caller, edit, id, versions, answers, refused);
      }
      throw judged;
    }).catch((err) => {
      if (err !== judged) throw err;
    });
    size = nextSize(size, performance.now() - t0);
    i += chunk.length;
    await hooks.progress?.(i, ids.length, 'check');
    await turn();
  }
  hooks.throwIfCancelled?.();
  if (refused.length) throw await failure(db, model, await readerOf(db, caller.user, model.form.enName), refused, keep, chunks.start);

  let updated = chunks.start?.updated ?? 0;
  const total = updated + ids.length;
  await hooks.progress?.(updated, total, 'write');
  if (!ids.length) {
    // Resumed with nothing left (the last chunk before the kill was the last record).
    await db.transaction().execute((trx) => chunks.finish(trx, updated, []));
    return { updated, ids };
  }
  size = 20;
  for (let i = 0; i < ids.length;) {
    chunks.throwIfStopping();
    const chunk = ids.slice(i, i + size);
    const last = i + chunk.length >= ids.length;
    const t0 = performance.now();
    const n = await db.transaction().execute(async (trx) => {
      const versions = hooks.since ? await versionsSince(trx, model, tenantId, chunk, hooks.since) : null;
      let written = 0;
      for (const id of chunk) if (await editOne(trx, model, caller, edit, id, versions, answers, refused)) written++;
      if (last) await chunks.finish(trx, updated + written, refused);
      else await chunks.checkpoint(trx, { cursor: chunk[chunk.length - 1], updated: updated + written });
      return written;
    });
    updated += n;
    size = nextSize(size, performance.now() - t0);
    i += chunk.length;
    await chunks.afterChunk?.();
    await hooks.progress?.(updated, total, 'write');
    await turn();
  }
  return { updated, ids };
}
