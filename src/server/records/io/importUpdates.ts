/**
 * Imports that update (issue 27 item 2): 仅新增 (add), 仅更新 (update) or 新增或更新 (upsert) by a
 * key column — the form's serial-number field by default, else the record id (记录ID). Each row's
 * key is looked up in its batch; a row that names a record becomes an edit judged by the single
 * edit's rules: the merged record is re-checked by the adapter at parse time, and the write goes
 * through `applyEdit` (lock, version, adapter, in-approval refusal); voided and in-approval
 * records are refused by their key, and so is a record changed after the parse whose counts the
 * user confirmed (`parseJob` of the import call). Any refusal is a problem of the report, so the import writes
 * nothing (all or nothing as before).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AuthUser } from '../../auth/types.js';
import { HttpError } from '../../http/HttpError.js';
import { findOwnJob } from '../../jobs/jobRepository.js';
import { badRequest } from '../../http/HttpError.js';
import { IN_APPROVAL_EDIT_MESSAGE, VOIDED_STATUS } from '../../../shared/readOnlyRecords.js';
import type { FormModel } from '../query/formModel.js';
import { recordsByKey, type KeyedRecord } from '../repositories/importKeys.js';
import { readChildren, readMain } from '../repositories/recordWrites.js';
import { applyEdit } from '../services/recordWrite.js';
import { rowScopeOf } from '../services/dataScope.js';
import type { RowScope } from '../query/rowScope.js';
import type { RecordCaller } from '../services/recordContext.js';
import type { JobUser } from './jobUser.js';
import type { Converted, Mapped, Row } from './importConvert.js';
import { type Problem } from './importValues.js';
import { importedText } from '../../../../schema-adapters/cells/spreadsheetText.js';

export type ImportMode = 'add' | 'update' | 'upsert';
export const IMPORT_MODES: readonly ImportMode[] = ['add', 'update', 'upsert'];

/** The key `id`: the record id, in a column headed 记录ID (or ID / id). */
export const ID_KEY = 'id';
export const ID_LABEL = '记录ID';
const ID_HEADERS = new Set([ID_LABEL, 'ID', 'id']);

/** The default key of a form: its first serial-number field, else the record id. */
export function defaultKey(model: FormModel): string {
  return model.form.definition.fields.find((f) => f.funcType === 'serialNumber' && model.main.fields.get(f.enName)?.columns.value)?.enName ?? ID_KEY;
}

/** The fields that may be a key: serial numbers and single-line text fields of the main table, and the id. */
export function keyChoices(model: FormModel): { key: string; label: string }[] {
  const out = model.form.definition.fields
    .filter((f) => (f.funcType === 'serialNumber' || f.funcType === 'input') && model.main.fields.get(f.enName)?.columns.value)
    .map((f) => ({ key: f.enName, label: f.label }));
  return [...out, { key: ID_KEY, label: ID_LABEL }];
}

/** Checks an asked key against the form; answers the key (the default when none was asked). */
export function checkKey(model: FormModel, asked: string | undefined): string {
  if (!asked) return defaultKey(model);
  if (!keyChoices(model).some((c) => c.key === asked)) throw badRequest(`不能按“${asked}”匹配记录：须为流水号、单行文本字段或记录ID`);
  return asked;
}

/** A record's refusal when it changed after the parse the import follows. */
export const CHANGED_SINCE_PARSE = (key: string) => `记录“${key}”在解析后已被修改，请重新选择文件解析后再导入`;

/**
 * When the parse an import follows began: the caller's own parse job of this form (a 400
 * otherwise). Its creation time, so a change made while it ran counts as a change too.
 */
export async function parsedSince(db: Kysely<Database>, user: AuthUser, form: string, jobId: string): Promise<string> {
  const job = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(jobId) ? await findOwnJob(db, user.tenantId, user.userId, jobId) : undefined;
  const params = job?.params as { form?: unknown; onlyParse?: unknown } | undefined;
  if (!job || job.kind !== 'import' || params?.form !== form || params?.onlyParse !== true) throw badRequest('解析结果已失效，请重新选择文件');
  return new Date(job.createTime).toISOString();
}

/** A row whose key names a record outside the importer's data scope (数据权限). */
export const OUT_OF_SCOPE = (key: string) => `记录“${key}”不在您的数据权限范围内，不能更新`;

interface Plan { record: KeyedRecord; key: string; current: Record<string, unknown> }

/** One import's update state: the key column, the rows that update a record, the counts. */
export class ImportUpdates {
  readonly label: string;
  private readonly column: string | null;
  private index = -1;
  private readonly seen = new Set<string>();
  private readonly plans = new Map<number, Plan>();
  private readonly refused = new Set<number>();
  readonly unmatched: string[] = [];
  /** The importing user's data scope on the form, resolved when the first batch is planned (when the job runs). */
  private scope: RowScope | null = null;
  added = 0;
  updated = 0;

  constructor(private readonly model: FormModel, readonly mode: Exclude<ImportMode, 'add'>, readonly key: string, private readonly tenantId: number, private readonly user: JobUser, private readonly since?: Date) {
    const field = key === ID_KEY ? null : model.main.fields.get(key);
    this.label = field ? field.def.label : ID_LABEL;
    this.column = field?.columns.value?.name ?? null;
  }

  /** Finds the key column in the file's header (by label or enName); a file without it is a 400. */
  onHeader(m: Mapped): void {
    const names = this.key === ID_KEY ? ID_HEADERS : new Set([this.label, this.key]);
    this.index = m.header.findIndex((h) => names.has(h));
    if (this.index < 0) throw badRequest(`文件中没有“${this.label}”列，无法按它更新记录`);
  }

  /**
   * Looks up the batch's keys; answers the problems of rows whose key cannot be used and
   * remembers which rows update which record (with the stored record, to judge the merge).
   */
  async plan(db: Kysely<Database>, rows: Row[]): Promise<Problem[]> {
    const problems: Problem[] = [];
    const keys = rows.map((r) => importedText(r.cells[this.index]));
    const found = await recordsByKey(db, this.model, this.tenantId, this.column, [...new Set(keys.filter(Boolean))], this.since);
    const byKey = new Map<string, KeyedRecord[]>();
    for (const f of found) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
    const say = (r: Row, key: string, message: string) => {
      this.refused.add(r.rowNo);
      problems.push({ row: r.rowNo, column: this.label, value: key, message });
    };
    for (const [i, r] of rows.entries()) {
      const key = keys[i];
      const hits = key ? byKey.get(key) ?? [] : [];
      if (key && this.seen.has(key)) { say(r, key, `「${this.label}」“${key}”在文件中重复`); continue; }
      if (key) this.seen.add(key);
      if (!hits.length) {
        if (this.mode === 'upsert') { this.added++; continue; }
        if (!key) say(r, key, `「${this.label}」为空，无法找到要更新的记录`);
        else {
          if (this.unmatched.length < 100) this.unmatched.push(key);
          say(r, key, `「${this.label}」“${key}”没有对应的记录`);
        }
        continue;
      }
      if (hits.length > 1) { say(r, key, `「${this.label}」“${key}”对应多条记录，无法确定`); continue; }
      const record = hits[0];
      // 数据权限 (issue 35): a record outside the importer's scope is never updated (nor added again under its key).
      this.scope ??= await rowScopeOf(db, { tenantId: this.tenantId, userId: this.user.userId }, this.model.form.enName);
      const current = await readMain(db, this.model, this.tenantId, record.id, false, this.scope);
      if (!current) { say(r, key, OUT_OF_SCOPE(key)); continue; }
      if (record.status === VOIDED_STATUS) { say(r, key, `记录“${key}”已作废，不能修改`); continue; }
      if (this.model.form.definition.hasFlow && record.status === 0) { say(r, key, `记录“${key}”${IN_APPROVAL_EDIT_MESSAGE.replace('的数据', '')}`); continue; }
      // The user confirmed counts and values of the parse: a record changed since is not overwritten unseen.
      if (record.changed) { say(r, key, CHANGED_SINCE_PARSE(key)); continue; }
      for (const [name, sub] of this.model.subs) current[name] = await readChildren(db, this.model, sub, this.tenantId, record.id);
      this.plans.set(r.rowNo, { record, key, current });
      this.updated++;
    }
    return problems;
  }

  /**
   * What the adapter judges for a row: the stored record with the file's values over it (an
   * edit), the row (an add), or nothing (a row refused by its key: its problem is said already).
   */
  basis(rowNo: number, data: Record<string, unknown>): Record<string, unknown> | null {
    const p = this.plans.get(rowNo);
    if (p) return { ...p.current, ...data };
    return this.refused.has(rowNo) ? null : data;
  }

  /** Whether a row updates a record. */
  updates(rowNo: number): boolean {
    return this.plans.has(rowNo);
  }

  /**
   * Writes the batch's edits in the import's transaction, each as a single edit at the version the
   * plan read; answers the refusals (named by key). The batch's plans are forgotten after.
   */
  async write(trx: Kysely<Database>, converted: Converted[]): Promise<Problem[]> {
    const problems: Problem[] = [];
    const caller: RecordCaller = {
      user: { ...this.user, tenantId: this.tenantId, tenantCode: '', tenantName: '', permissions: [], token: '' } satisfies AuthUser,
      method: 'POST', url: `/api/auto/${this.model.form.enName}/importData`,
    };
    for (const c of converted) {
      const p = this.plans.get(c.rowNo);
      if (!p) continue;
      try {
        await applyEdit(trx, this.model, caller, p.record.id, c.data, p.record.version, 'save', {});
      } catch (err) {
        // Rule refusals are thrown before any statement fails: the transaction goes on judging the rest.
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        const detail = err.errors?.[0]?.message ?? err.message;
        problems.push({ row: c.rowNo, column: this.label, value: p.key, message: `记录“${p.key}”未能更新：${detail}` });
      }
      this.plans.delete(c.rowNo);
    }
    return problems;
  }

  /** Forgets a batch's plans (parse only). */
  forget(converted: Converted[]): void {
    for (const c of converted) this.plans.delete(c.rowNo);
  }
}
