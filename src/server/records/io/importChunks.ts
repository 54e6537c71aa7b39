/**
 * The write pass of an import (ADR 0807; ADR 1064 for PostgreSQL and by-key imports). One
 * transaction over a 30,000-row file held PGlite's one connection for the whole write, and every
 * other request of every tenant waited (issue 26 item 4); on PostgreSQL it held locks and the
 * job's whole effect hostage to one commit. Here the rows, already judged by a read-only pass
 * over the whole file (nothing is written when one is refused), go in by short transactions of
 * about CHUNK_ROWS rows; each commits its rows (adds, and by key the edits) together with the
 * job's cursor (the file row number of its last row, in `jobs.checkpoint`), and on PGlite the
 * connection goes back to the waiting requests between chunks. A kill resumes after the cursor:
 * no row is written twice or skipped. The job's end commits after the last chunk (importJob.ts);
 * a kill in between finds every row in and commits only the end.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { FormModel } from '../query/formModel.js';
import type { WriteMeta } from '../repositories/recordWrites.js';
import { insertChildRows, insertMainRows, reserveIds } from '../repositories/importWrites.js';
import { nextSerial } from '../write/serialNumbers.js';
import type { JobUser } from './jobUser.js';
import { convertBatch, type Mapped, type Row, type SubInput } from './importConvert.js';
import type { ImportResolver, Problem } from './importValues.js';
import type { ImportUpdates } from './importUpdates.js';

/** What a chunked import committed: rows up to file row `cursor` are in, `imported` of them written. */
export interface ImportChunkState {
  cursor: number;
  imported: number;
  /** By key: records updated so far (their edits committed with their chunks). */
  updated: number;
  /** Rows refused by the write pass (judged right before, wrong now), reported at the end. */
  late: Problem[];
}

/** Rows per transaction: ~100–200 ms on PGlite for plain rows, so other requests wait little. */
const CHUNK_ROWS = 250;
/** Late problems kept in the checkpoint (the report holds them; the count is what matters). */
const LATE_KEPT = 1000;

/** Lets the requests waiting for the connection run before the next chunk takes it again. */
const turn = () => new Promise((r) => setImmediate(r));

/** The checkpoint of an earlier, interrupted run of this job, or null. */
export function importCheckpoint(raw: Record<string, unknown> | null): ImportChunkState | null {
  if (!raw || typeof raw.cursor !== 'number' || typeof raw.imported !== 'number') return null;
  return { cursor: raw.cursor, imported: raw.imported, updated: typeof raw.updated === 'number' ? raw.updated : 0, late: Array.isArray(raw.late) ? (raw.late as Problem[]) : [] };
}

export interface ImportChunkInput {
  db: Kysely<Database>;
  model: FormModel;
  resolver: ImportResolver;
  user: JobUser;
  subInput: SubInput | null;
  serials: FieldDefinition[];
  meta: WriteMeta;
  status: number;
  start: ImportChunkState | null;
  /**
   * By key (update / upsert): a fresh ImportUpdates for this pass (the judging pass's instance
   * has seen every key). Each chunk looks its keys up again inside its transaction, so an edit
   * is made at the version it reads; a record changed by someone else since the judging pass
   * (or since the parse) is refused and reported as a late problem, never overwritten.
   */
  updates?: ImportUpdates | null;
  /** Whether other requests wait for this connection (PGlite): then each chunk gives it back. */
  shared: boolean;
  /** Filled with the rows the write pass refuses (the caller reports them). */
  late: Problem[];
  /** The file's rows again, from the top. */
  rows(): AsyncIterable<Row[]>;
  mapped(): Mapped;
  checkpoint(trx: Kysely<Database>, state: ImportChunkState): Promise<void>;
  throwIfStopping(): void;
  afterChunk(imported: number): Promise<void>;
}

/** Writes the judged file in committed chunks after the start's cursor; answers the rows imported in all. */
export async function writeImportChunks(x: ImportChunkInput): Promise<{ imported: number; updated: number }> {
  let imported = x.start?.imported ?? 0;
  let updated = x.start?.updated ?? 0;
  const upd = x.updates ?? null;
  let cursor = x.start?.cursor ?? 0;
  const { model } = x;
  // Rows whose conversion reads nothing from the database (no related-form column, not by key)
  // are converted before their chunk's transaction: on PGlite the connection is then held for
  // the writes only, not for the conversion too (issue 26 item 4). The others convert inside it,
  // so what they look up is what the chunk commits against.
  const beforeTransaction = !upd && !x.mapped().fields.some((f) => f?.funcType === 'relatedForm');
  for await (const batch of x.rows()) {
    const todo = batch.filter((r) => r.rowNo > cursor);
    for (let i = 0; i < todo.length; i += CHUNK_ROWS) {
      x.throwIfStopping();
      const rows = todo.slice(i, i + CHUNK_ROWS);
      const last = rows[rows.length - 1].rowNo;
      const early = beforeTransaction ? await convertBatch(null, model, x.resolver, x.mapped(), rows, x.user, x.subInput) : null;
      const wrote = await x.db.transaction().execute(async (trx) => {
        const keyed = upd ? await upd.plan(trx, rows) : [];
        const refused = new Set(keyed.map((p) => p.row));
        const lateOf = (found: Problem[]) => { if (x.late.length < LATE_KEPT) x.late.push(...found.slice(0, LATE_KEPT - x.late.length)); };
        lateOf(keyed);
        const converted = early ?? await convertBatch(trx, model, x.resolver, x.mapped(), rows, x.user, x.subInput, upd ? (no, d) => upd.basis(no, d) : undefined);
        for (const c of converted) if (c.problems.length) lateOf(c.problems);
        const good = converted.filter((c) => !c.problems.length && c.values && !refused.has(c.rowNo));
        const adds = upd ? good.filter((c) => !upd.updates(c.rowNo)) : good;
        let edits = 0;
        if (upd) {
          // Edits one by one through the single edit's rules (importUpdates.ts); a refusal is late.
          const planned = good.filter((c) => upd.updates(c.rowNo)).length;
          const refusedEdits = await upd.write(trx, good);
          lateOf(refusedEdits);
          edits = planned - refusedEdits.length;
          upd.forget(converted);
        }
        if (adds.length) {
          const values = adds.map((c) => c.values!);
          for (const v of values) {
            for (const f of x.serials) v.set(model.main.fields.get(f.enName)!.columns.value!.name, await nextSerial(trx, x.meta.tenantId, model.form.id, f));
          }
          const withChildren = adds.some((c) => c.subs.some((s) => s.rows.length));
          const ids = withChildren ? await reserveIds(trx, model, values.length) : undefined;
          await insertMainRows({ trx, copy: null }, model, values, x.meta, x.status, ids);
          if (ids) {
            for (const sub of x.subInput!.present) {
              const children = adds.flatMap((c, k) => (c.subs.find((s) => s.sub === sub)?.rows ?? []).map((v, order) => ({ parentId: ids[k], order, values: v })));
              await insertChildRows({ trx, copy: null }, model, model.subs.get(sub.name)!, x.meta.tenantId, children);
            }
          }
        }
        await x.checkpoint(trx, { cursor: last, imported: imported + adds.length, updated: updated + edits, late: x.late });
        return { adds: adds.length, edits };
      });
      imported += wrote.adds;
      updated += wrote.edits;
      cursor = last;
      await x.afterChunk(imported + updated);
      if (x.shared) await turn();
    }
  }
  return { imported, updated };
}
