/**
 * One batch of an import's rows turned into column values and checked (spec 01 §2.5, §7): labels
 * → ids (importValues.ts), the adapter's validateRecord, column types. Shared by the import on
 * the API's thread (importJob.ts) and in its worker thread (importWorker.ts, ADR 0811).
 */
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { fieldNameOfKey } from '../../../../schema-adapters/index.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { FieldError } from '../../../shared/envelope.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { recordProblems } from '../services/adapterBridge.js';
import { coercePlainRow, type PlainValues } from '../write/coerceRow.js';
import type { JobUser } from './jobUser.js';
import { readRows } from './importRead.js';
import { ImportResolver, type Problem } from './importValues.js';
import { importedText } from '../../../../schema-adapters/cells/spreadsheetText.js';
import type { ImportSub, SubRow, SubSheets } from './importSubSheets.js';
import { subColumn } from './importSubSheets.js';

/** One data row of the file: its row number in the sheet and its cells. */
export interface Row { rowNo: number; cells: unknown[] }

/** Rows converted, checked and written together. */
export const BATCH = 1000;

/**
 * Rows read or converted between two turns of the event loop. Reading and converting a whole
 * batch at once held the API's thread for hundreds of milliseconds on a busy machine, and every
 * other tenant's request waited (issue 26 item 4, measured in the `jobs` bench): this many rows
 * take a few milliseconds, then the requests waiting run.
 */
export const YIELD_ROWS = 100;

/** One turn of the event loop: the requests that arrived meanwhile run before the next rows. */
export const yieldTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** The file's data rows in batches (blank rows skipped); `onHeader` gets the first row. */
export function rowBatches(body: Readable, kind: 'xlsx' | 'xls' | 'csv', onHeader: (h: unknown[]) => void): AsyncGenerator<Row[]> {
  return rowBatchesOf(readRows(body, kind), onHeader);
}

/** Rows read elsewhere (tableSource.ts) in batches, as `rowBatches`. */
export async function* rowBatchesOf(rows: AsyncIterable<unknown[]>, onHeader: (h: unknown[]) => void): AsyncGenerator<Row[]> {
  let rowNo = 0;
  let batch: Row[] = [];
  for await (const cells of rows) {
    rowNo++;
    if (rowNo === 1) { onHeader(cells); continue; }
    if (!cells.some((c) => importedText(c) !== '')) continue;
    batch.push({ rowNo, cells });
    if (rowNo % YIELD_ROWS === 0) await yieldTurn();
    if (batch.length >= BATCH) { yield batch; batch = []; }
  }
  if (rowNo === 0) throw badRequest('文件为空');
  if (batch.length) yield batch;
}

export interface Mapped { fields: (FieldDefinition | null)[]; header: string[] }

/** Header cells → the template's fields (by label, or by enName). */
export function mapHeader(header: unknown[], fields: FieldDefinition[]): Mapped {
  const byLabel = new Map(fields.map((f) => [f.label, f]));
  const byName = new Map(fields.map((f) => [f.enName, f]));
  const used = new Set<string>();
  const text = header.map((h) => importedText(h).replace(/^\*/, ''));
  const mapped = text.map((t) => {
    const f = byLabel.get(t) ?? byName.get(t) ?? null;
    if (!f || used.has(f.enName)) return null;
    used.add(f.enName);
    return f;
  });
  if (!mapped.some(Boolean)) throw badRequest('文件中没有可识别的列，请使用导入模板');
  return { fields: mapped, header: text };
}

export interface ConvertedSub { sub: ImportSub; rows: PlainValues[] }
export interface Converted { rowNo: number; data: Record<string, unknown>; values: PlainValues | null; subs: ConvertedSub[]; problems: Problem[] }

/** The sub-forms the file has sheets for, and each record's rows (by main ordinal = sheet row − 1). */
export interface SubInput { sheets: SubSheets; present: ImportSub[] }

/** `$view` companions of a row: the labels the file gave (spec 01 §3.3). */
function setViews(table: FormModel['main'], data: Record<string, unknown>, values: PlainValues): void {
  for (const [key, v] of Object.entries(data)) {
    if (!key.endsWith('$view')) continue;
    const col = table.byKey.get(key);
    if (col) values.set(col.name, v === null ? null : String(v));
  }
}

/** A problem the adapter or coercion gives for `sub.i.child`, placed on the sub-form sheet's cell. */
function subProblem(model: FormModel, rowsOf: Map<string, SubRow[]>, field: string, message: string): Problem | null {
  const m = /^([^.]+)\.(\d+)(?:\.([^.$]+))?/.exec(field);
  const sub = m ? model.subs.get(m[1]) : undefined;
  const row = m ? rowsOf.get(m[1])?.[Number(m[2])] : undefined;
  if (!m || !sub || !row) return null;
  const i = m[3] ? row.fields.findIndex((f) => f?.enName === m[3]) : -1;
  const label = m[3] ? (sub.def.children ?? []).find((c) => c.enName === m[3])?.label ?? m[3] : sub.def.label;
  return { row: row.sheetRow, column: subColumn(row.sub, label), value: i < 0 ? '' : importedText(row.cells[i]), message };
}

/** One batch: related records looked up, each row converted and checked (`basisOf`: what the adapter judges instead of the row; null: nothing, the row was refused already). */
export async function convertBatch(db: Kysely<Database> | null, model: FormModel, resolver: ImportResolver, m: Mapped, rows: Row[], user: JobUser, subInput: SubInput | null,
  basisOf?: (rowNo: number, data: Record<string, unknown>) => Record<string, unknown> | null): Promise<Converted[]> {
  for (const [i, f] of m.fields.entries()) {
    if (f?.funcType !== 'relatedForm') continue;
    // The worker thread (no connection) only runs imports without related-form columns.
    if (!db) throw new Error('related-form lookups need the connection');
    await resolver.prepareRelated(db, f, new Set(rows.map((r) => importedText(r.cells[i])).filter(Boolean)));
  }
  const ctx = { userId: user.userId, userName: user.userName, nickName: user.nickName, deptId: user.deptId, roleKeys: user.roleKeys, roleNames: user.roleNames };
  const out: Converted[] = [];
  for (const [k, r] of rows.entries()) {
    if (k && k % YIELD_ROWS === 0) await yieldTurn();
    out.push(convertRow(r));
  }
  return out;

  function convertRow(r: Row): Converted {
    const data: Record<string, unknown> = {};
    const problems: Problem[] = [];
    const labelOf = new Map<string, string>();
    m.fields.forEach((f, i) => {
      if (!f) return;
      labelOf.set(f.enName, f.label);
      const out = resolver.convert(f, r.cells[i]);
      if (!out) return;
      if ('error' in out) problems.push({ row: r.rowNo, column: f.label, value: importedText(r.cells[i]), message: out.error });
      else Object.assign(data, out.values);
    });
    const cellOf = (field: string) => {
      const i = m.fields.findIndex((f) => f?.enName === fieldNameOfKey(field));
      return i < 0 ? '' : importedText(r.cells[i]);
    };
    // The record's sub-rows go into the data the adapter judges, as the form page would send them.
    const rowsOf = new Map<string, SubRow[]>();
    for (const sub of subInput?.present ?? []) {
      const list = (subInput!.sheets.byParent.get(r.rowNo - 1) ?? []).filter((x) => x.sub === sub);
      rowsOf.set(sub.name, list);
      data[sub.name] = list.map((x) => x.data);
    }
    const seen = new Set(problems.map((p) => p.column));
    const place = (field: string, message: string) => {
      const sp = subProblem(model, rowsOf, field, message);
      if (sp) {
        if (!problems.some((p) => p.row === sp.row && p.column === sp.column)) problems.push(sp);
        return;
      }
      const column = labelOf.get(fieldNameOfKey(field)) ?? model.main.fields.get(field)?.def.label ?? field;
      if (!seen.has(column) && !problems.some((p) => p.row === r.rowNo && p.column === column)) problems.push({ row: r.rowNo, column, value: cellOf(field), message });
    };
    // A row that updates a record is judged as the record it makes (importUpdates.ts), as an edit would be.
    const basis = basisOf ? basisOf(r.rowNo, data) : data;
    if (basis) for (const p of recordProblems(model.form.definition, basis, ctx)) place(p.field, p.message);
    const errors: FieldError[] = [];
    const mainData = rowsOf.size ? Object.fromEntries(Object.entries(data).filter(([k]) => !model.subs.has(k))) : data;
    const values = coercePlainRow(model.main, mainData, errors);
    setViews(model.main, mainData, values);
    const subs: ConvertedSub[] = [];
    for (const [name, list] of rowsOf) {
      const table = model.subs.get(name)!;
      const sub = subInput!.present.find((x) => x.name === name)!;
      subs.push({ sub, rows: list.map((x, i) => {
        const v = coercePlainRow(table, x.data, errors, `${name}.${i}.`);
        setViews(table, x.data, v);
        return v;
      }) });
    }
    for (const e of errors) place(e.field, e.message);
    return { rowNo: r.rowNo, data, values: problems.length ? null : values, subs, problems };
  }
}

