/**
 * What batch edit's two writers share (recordBatchEdit.ts writes in one transaction,
 * batchEditChunks.ts in a job's committed chunks): the checked edit and the hooks they take, one
 * record's edit, the `$sql` answers read before writing, and the refusal of the whole edit. Apart
 * from both writers so neither imports the other back.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { recordTitle } from '../../../../schema-adapters/index.js';
import type { FieldError } from '../../../shared/envelope.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { mainRows } from '../repositories/exportQueries.js';
import type { Reader } from '../query/rowScope.js';
import type { RecordCaller } from './recordContext.js';
import { applyEdit, editSqlAnswers } from './recordWrite.js';
import { sqlHideTexts, type SqlConditions } from './sqlHide.js';

/** A checked batch edit: the values, either ids or a list query, and the count the user confirmed. */
export interface BatchEdit {
  data: Record<string, unknown>;
  ids: number[] | null;
  query: Record<string, unknown> | null;
  /** With a query: the number of records the user was asked to confirm; another count refuses the edit. */
  expectedCount: number | null;
}

/** What a long batch edit reports while it runs (a job's progress and cancel check). */
export interface BatchHooks {
  progress?(done: number, total: number | null, phase: string): Promise<void>;
  throwIfCancelled?(): void;
  /** A job: records changed after this moment (its queue time) are refused, not overwritten (ADR 0806). */
  since?: Date;
  /** A job: called last inside the transaction that writes the records (it ends the job there, ADR 0806). */
  beforeCommit?(trx: Kysely<Database>, r: { updated: number; ids: number[] }): Promise<void>;
  /** A job on a one-connection database: write in short committed chunks (batchEditChunks.ts). */
  chunks?: ChunkHooks;
  /** A search's count of skipped records (voided, in approval), told before writing starts. */
  onSkipped?(skipped: number): void;
}

/** What a chunked job committed: every id up to `cursor` is written, `updated` of them changed. */
export interface ChunkState {
  cursor: number;
  updated: number;
}

/** The job's side of chunked writing. */
export interface ChunkHooks {
  /** The state of an earlier, interrupted run (the job's checkpoint), or null. */
  start: ChunkState | null;
  /** Records the cursor inside a chunk's transaction. */
  checkpoint(trx: Kysely<Database>, state: ChunkState): Promise<void>;
  /** Ends the job inside the last chunk's transaction; `refused`: records changed meanwhile, not written. */
  finish(trx: Kysely<Database>, updated: number, refused: FieldError[]): Promise<void>;
  /** Throws when the process stops (the job is given back and resumes after its cursor). */
  throwIfStopping(): void;
  /** After each committed chunk (the test hook's `chunk` point). */
  afterChunk?(): Promise<void>;
}

/** A refusal of record `id` as field errors: `{id}` for the record, `{id}.{field}` for a field of it. */
function refusalOf(id: number, err: HttpError): FieldError[] {
  if (err.errors?.length) return err.errors.map((e) => ({ field: `${id}.${e.field}`, message: e.message }));
  return [{ field: String(id), message: err.message }];
}

/** Ids whose statuses are read in one query (a job's search may hold a million). */
export const STATUS_CHUNK = 10_000;

/**
 * One record's edit inside the write transaction: with a job's `versions` (versionsSince), a
 * record changed after the job was queued is refused, and the others are written at the version
 * just read (a change in between is a conflict, as for a single edit). Rule refusals are
 * collected (they are thrown before any statement fails, so the transaction can go on to judge
 * the rest); anything else is thrown.
 */
export async function editOne(
  trx: Kysely<Database>, model: FormModel, caller: RecordCaller, edit: BatchEdit, id: number,
  versions: Map<number, { version: number; changed: boolean }> | null, answers: Map<number, Record<string, unknown>>, refused: FieldError[],
): Promise<boolean> {
  const seen = versions?.get(id);
  if (versions && !seen) {
    refused.push({ field: String(id), message: '记录不存在' });
    return false;
  }
  if (seen?.changed) {
    refused.push({ field: String(id), message: CHANGED_MESSAGE });
    return false;
  }
  try {
    await applyEdit(trx, model, caller, id, edit.data, seen?.version, 'save', answers.get(id) ?? {});
    return true;
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    refused.push(...refusalOf(id, err));
    return false;
  }
}

/** A record a job would overwrite after someone else changed it (as a single edit's stale version). */
export const CHANGED_MESSAGE = '数据已被他人修改，请刷新后重试';

/** `$sql` hide answers of `ids`, computed outside any transaction (PGlite's one connection; see editSqlAnswers). */
export async function sqlAnswers(
  db: Kysely<Database>, model: FormModel, caller: RecordCaller, edit: BatchEdit, ids: number[], conditions: SqlConditions | undefined, hooks: BatchHooks, offset = 0, total = ids.length,
): Promise<Map<number, Record<string, unknown>>> {
  const answers = new Map<number, Record<string, unknown>>();
  if (!conditions || !sqlHideTexts(model).size) return answers;
  for (const [i, id] of ids.entries()) {
    hooks.throwIfCancelled?.();
    const a = await editSqlAnswers(db, model, caller, id, undefined, edit.data, conditions);
    if (Object.keys(a).length) answers.set(id, a);
    if (hooks.progress && i % 100 === 0) await hooks.progress(offset + i, total, 'check');
  }
  return answers;
}

/**
 * The refusal of the whole edit: how many records were refused, the first reason, and (at most
 * `keep`) each refusal labelled with what the user calls its record (serial number or title,
 * issue 27 item 5), read for the refusals kept.
 */
export async function failure(
  db: Kysely<Database>, model: FormModel, reader: Reader, refused: FieldError[], keep: number, resumed: ChunkState | null = null,
): Promise<HttpError> {
  const records = new Set(refused.map((r) => r.field.split('.')[0])).size;
  const kept = refused.slice(0, keep);
  const ids = [...new Set(kept.map((r) => Number(r.field.split('.')[0])).filter((id) => Number.isSafeInteger(id)))];
  const titles = new Map<number, string>();
  for (let i = 0; i < ids.length; i += STATUS_CHUNK) {
    for (const row of await mainRows(db, model, ids.slice(i, i + STATUS_CHUNK), reader)) titles.set(Number(row.id), recordTitle(model.form.definition, row));
  }
  const labelled = kept.map((r) => {
    const label = titles.get(Number(r.field.split('.')[0]));
    return label ? { ...r, label } : r;
  });
  // A job resumed after a kill had committed chunks before it: say so rather than "nothing".
  const written = resumed?.updated ? `任务中断前已修改${resumed.updated}行，其余未修改` : '本次未作任何修改';
  return badRequest(`${records}行数据未能修改，${written}：${refused[0].message}`, labelled);
}
