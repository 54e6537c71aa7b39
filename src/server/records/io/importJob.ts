/**
 * The import job (spec 01 §2.5, §7; issue 14): the uploaded table is read once as a stream, in
 * batches. Each row is converted and checked (labels → ids, the adapter's validateRecord, column
 * types) and problems are collected; `onlyParse` ends there with a preview. An import writes each
 * batch with multi-row inserts into one transaction while no problem has been found, goes on
 * checking after the first one (the report names every problem) and then rolls back: all rows or
 * none, also when the job is cancelled or the server stops midway. Sub-form sheets
 * (importSubSheets.ts) are read first and held in memory, so each record is judged with its rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { fieldNameOfKey, importColumns } from '../../../../schema-adapters/index.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import type { FieldError } from '../../../shared/envelope.js';
import { downloadUrl } from '../../files/fileKeys.js';
import type { FileStore } from '../../files/fileStore.js';
import { badRequest } from '../../http/HttpError.js';
import type { JobContext, JobHandler, JobResult } from '../../jobs/types.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import type { FormModel } from '../query/formModel.js';
import { recordProblems } from '../services/adapterBridge.js';
import { inTransaction } from '../services/inTransaction.js';
import { afterBulkWrite } from '../storage/afterBulkWrite.js';
import { loadModel } from '../services/recordContext.js';
import { recordOperation } from '../../services/operationLog.js';
import { boundValue, coerceRow, type ColumnValues } from '../write/coerceRow.js';
import { nextSerial } from '../write/serialNumbers.js';
import { writeErrorReport } from './errorReport.js';
import type { JobUser } from './exportJob.js';
import { readRows, tableKind } from './importRead.js';
import { cellText, ImportResolver, type Problem } from './importValues.js';
import { insertChildRows, insertMainRows, reserveIds } from '../repositories/importWrites.js';
import { orphanProblems, readSubSheets, subColumn, type ImportSub, type SubRow, type SubSheets } from './importSubSheets.js';

/** What an import job keeps in its params. */
export interface ImportParams {
  form: string;
  fileKey: string;
  fileName: string;
  onlyParse: boolean;
  user: JobUser;
}

const BATCH = 1000;
const PREVIEW_ROWS = 20;
/** Problems kept in the job's answer; the report holds up to REPORT_MAX. */
const ANSWER_PROBLEMS = 100;
const REPORT_MAX = 10_000;

interface Mapped { fields: (FieldDefinition | null)[]; header: string[] }

/** Header cells → the template's fields (by label, or by enName). */
function mapHeader(header: unknown[], fields: FieldDefinition[]): Mapped {
  const byLabel = new Map(fields.map((f) => [f.label, f]));
  const byName = new Map(fields.map((f) => [f.enName, f]));
  const used = new Set<string>();
  const text = header.map((h) => cellText(h).replace(/^\*/, ''));
  const mapped = text.map((t) => {
    const f = byLabel.get(t) ?? byName.get(t) ?? null;
    if (!f || used.has(f.enName)) return null;
    used.add(f.enName);
    return f;
  });
  if (!mapped.some(Boolean)) throw badRequest('文件中没有可识别的列，请使用导入模板');
  return { fields: mapped, header: text };
}

interface Row { rowNo: number; cells: unknown[] }

async function* batches(store: FileStore, key: string, kind: 'xlsx' | 'xls' | 'csv', onHeader: (h: unknown[]) => void): AsyncGenerator<Row[]> {
  const file = await store.get(key);
  if (!file) throw badRequest('导入文件已失效，请重新上传');
  let rowNo = 0;
  let batch: Row[] = [];
  for await (const cells of readRows(file.body, kind)) {
    rowNo++;
    if (rowNo === 1) { onHeader(cells); continue; }
    if (!cells.some((c) => cellText(c) !== '')) continue;
    batch.push({ rowNo, cells });
    if (batch.length >= BATCH) { yield batch; batch = []; }
  }
  if (rowNo === 0) throw badRequest('文件为空');
  if (batch.length) yield batch;
}

interface ConvertedSub { sub: ImportSub; rows: ColumnValues[] }
interface Converted { rowNo: number; data: Record<string, unknown>; values: ColumnValues | null; subs: ConvertedSub[]; problems: Problem[] }

/** The sub-forms the file has sheets for, and each record's rows (by main ordinal = sheet row − 1). */
interface SubInput { sheets: SubSheets; present: ImportSub[] }

/** `$view` companions of a row: the labels the file gave (spec 01 §3.3). */
function setViews(table: FormModel['main'], data: Record<string, unknown>, values: ColumnValues): void {
  for (const [key, v] of Object.entries(data)) {
    if (!key.endsWith('$view')) continue;
    const col = table.byKey.get(key);
    if (col) values.set(col.name, v === null ? null : boundValue(String(v)));
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
  return { row: row.sheetRow, column: subColumn(row.sub, label), value: i < 0 ? '' : cellText(row.cells[i]), message };
}

/** One batch: related records looked up, each row converted and checked. */
async function convertBatch(db: Kysely<Database>, model: FormModel, resolver: ImportResolver, m: Mapped, rows: Row[], user: JobUser, subInput: SubInput | null): Promise<Converted[]> {
  for (const [i, f] of m.fields.entries()) {
    if (f?.funcType !== 'relatedForm') continue;
    await resolver.prepareRelated(db, f, new Set(rows.map((r) => cellText(r.cells[i])).filter(Boolean)));
  }
  const ctx = { userId: user.userId, userName: user.userName, nickName: user.nickName, deptId: user.deptId, roleKeys: user.roleKeys, roleNames: user.roleNames };
  return rows.map((r) => {
    const data: Record<string, unknown> = {};
    const problems: Problem[] = [];
    const labelOf = new Map<string, string>();
    m.fields.forEach((f, i) => {
      if (!f) return;
      labelOf.set(f.enName, f.label);
      const out = resolver.convert(f, r.cells[i]);
      if (!out) return;
      if ('error' in out) problems.push({ row: r.rowNo, column: f.label, value: cellText(r.cells[i]), message: out.error });
      else Object.assign(data, out.values);
    });
    const cellOf = (field: string) => {
      const i = m.fields.findIndex((f) => f?.enName === fieldNameOfKey(field));
      return i < 0 ? '' : cellText(r.cells[i]);
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
    for (const p of recordProblems(model.form.definition, data, ctx)) place(p.field, p.message);
    const errors: FieldError[] = [];
    const mainData = Object.fromEntries(Object.entries(data).filter(([k]) => !model.subs.has(k)));
    const values = coerceRow(model.main, mainData, errors);
    setViews(model.main, mainData, values);
    const subs: ConvertedSub[] = [];
    for (const [name, list] of rowsOf) {
      const table = model.subs.get(name)!;
      const sub = subInput!.present.find((x) => x.name === name)!;
      subs.push({ sub, rows: list.map((x, i) => {
        const v = coerceRow(table, x.data, errors, `${name}.${i}.`);
        setViews(table, x.data, v);
        return v;
      }) });
    }
    for (const e of errors) place(e.field, e.message);
    return { rowNo: r.rowNo, data, values: problems.length ? null : values, subs, problems };
  });
}

/** Runs an import (or its parse step). */
export const importJob: JobHandler = async (job, ctx: JobContext): Promise<JobResult> => {
  const p = job.params as unknown as ImportParams;
  const db = ctx.db;
  const model = await loadModel(db, job.tenantId, p.form);
  const kind = tableKind(p.fileName);
  const ctxUser = { userId: p.user.userId, userName: p.user.userName, nickName: p.user.nickName, deptId: p.user.deptId, roleKeys: p.user.roleKeys, roleNames: p.user.roleNames };
  const defs = new Map(model.form.definition.fields.map((f) => [f.enName, f]));
  const fields = importColumns(model.form.definition, ctxUser).filter((c) => c.funcType !== 'subForm').map((c) => defs.get(c.key)!).filter(Boolean);
  const subDefs: ImportSub[] = importColumns(model.form.definition, ctxUser).filter((c) => c.funcType === 'subForm' && model.subs.has(c.key)).map((c) => {
    const children = new Map((model.subs.get(c.key)!.def.children ?? []).map((f) => [f.enName, f]));
    return { name: c.key, label: model.subs.get(c.key)!.def.label, fields: (c.children ?? []).map((k) => children.get(k.key)!).filter(Boolean) };
  });
  const resolver = new ImportResolver(job.tenantId);
  await resolver.prepare(db, [...fields, ...subDefs.flatMap((s) => s.fields)]);
  let mapped: Mapped | null = null;
  const onHeader = (h: unknown[]) => { mapped = mapHeader(h, fields); };

  // Pass 0 (workbooks of forms with sub-forms): the sub-form sheets.
  await ctx.progress(0, null, 'parse');
  const problems: Problem[] = [];
  let subInput: SubInput | null = null;
  if (kind !== 'csv' && subDefs.length) {
    const sheets = await readSubSheets(db, ctx.store, p.fileKey, kind, subDefs, resolver);
    const present = subDefs.filter((s) => [...sheets.byParent.values()].some((rows) => rows.some((r) => r.sub === s)));
    problems.push(...sheets.problems.slice(0, REPORT_MAX));
    if (sheets.count) subInput = { sheets, present };
  }

  // One pass: read, convert and check every row; an import (not a parse) writes each batch into
  // its one transaction as long as no problem has been found, keeps checking after the first
  // problem (for the report) and then rolls everything back: all rows or none.
  const preview: string[][] = [];
  const ordinals = new Set<number>();
  let total = 0;
  const status = model.form.definition.hasFlow ? 0 : 1;
  const serials = model.form.definition.fields.filter((f) => f.funcType === 'serialNumber' && model.main.fields.get(f.enName)?.columns.value);
  const meta = { tenantId: job.tenantId, userId: p.user.userId, userName: p.user.userName, deptId: p.user.deptId };
  const pass = async (q: Kysely<Database>, write: boolean): Promise<number> => {
    let n = 0;
    let pending: Promise<void> = Promise.resolve();
    for await (const rows of batches(ctx.store, p.fileKey, kind, onHeader)) {
      ctx.throwIfCancelled();
      const m = mapped as unknown as Mapped;
      const converted = await convertBatch(q, model, resolver, m, rows, p.user, subInput);
      for (const [k, c] of converted.entries()) {
        total++;
        ordinals.add(c.rowNo - 1);
        if (preview.length < PREVIEW_ROWS) preview.push(m.fields.map((f, i) => (f ? cellText(rows[k].cells[i]) : '')));
        if (problems.length < REPORT_MAX) problems.push(...c.problems.slice(0, REPORT_MAX - problems.length));
      }
      if (write && !problems.length) {
        const values = converted.map((c) => c.values!);
        for (const v of values) {
          for (const f of serials) v.set(model.main.fields.get(f.enName)!.columns.value!.name, boundValue(await nextSerial(q, job.tenantId, model.form.id, f)));
        }
        const withChildren = converted.some((c) => c.subs.some((s) => s.rows.length));
        const ids = withChildren ? await reserveIds(q, model, values.length) : undefined;
        // The insert runs while the next batch is read and converted (queries on the
        // transaction's connection still go one after the other, in order).
        await pending;
        pending = (async () => {
          n += await insertMainRows(q, model, values, meta, status, ids);
          if (ids) {
            for (const sub of subInput!.present) {
              const children = converted.flatMap((c, i) => (c.subs.find((s) => s.sub === sub)?.rows ?? []).map((v, order) => ({ parentId: ids[i], order, values: v })));
              await insertChildRows(q, model, model.subs.get(sub.name)!, job.tenantId, children);
            }
          }
          await ctx.progress(n, null, 'write');
        })();
        pending.catch(() => {});
      } else await ctx.progress(total, null, 'parse');
    }
    await pending;
    if (subInput && problems.length < REPORT_MAX) problems.push(...orphanProblems(subInput.sheets, ordinals).slice(0, REPORT_MAX - problems.length));
    return n;
  };
  let imported = 0;
  if (p.onlyParse) await pass(db, false);
  else {
    const rollback = new Error('import rolled back');
    try {
      imported = await inTransaction(db, async (trx) => {
        const n = await pass(trx, true);
        if (problems.length || !total) throw rollback;
        ctx.throwIfCancelled();
        await recordOperation(trx, {
          tenantId: job.tenantId, title: model.form.cnName, businessType: BUSINESS_TYPE.import, operUserId: p.user.userId, operName: p.user.userName,
          requestMethod: 'POST', operUrl: `/api/auto/${p.form}/importData`, operParam: { formName: p.form, fileName: p.fileName, rows: n, jobId: job.id },
        });
        return n;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
  }
  const subRows = subInput ? [...subInput.sheets.byParent.entries()].filter(([k]) => ordinals.has(k)).reduce((n, [, rows]) => n + rows.length, 0) : 0;
  const m = mapped as Mapped | null;
  const columns = m ? m.fields.map((f) => f?.label ?? null) : [];
  const base = {
    total, subRows, columns, preview: preview.map((row) => row.filter((_, i) => columns[i] !== null)),
    problemCount: problems.length, problems: problems.slice(0, ANSWER_PROBLEMS),
  };
  base.columns = columns.filter((c) => c !== null);
  let report: { key: string; name: string } | null = null;
  if (problems.length) report = await writeErrorReport(ctx.store, job.tenantId, model.form.cnName, problems);
  const reportPart = report ? { errorReportKey: report.key, errorReportName: report.name, errorReportUrl: downloadUrl(report.key) } : {};
  if (p.onlyParse || problems.length || !total) {
    await ctx.store.remove(p.fileKey);
    const withSubs = subRows ? `（含子表单 ${subRows} 行）` : '';
    const msg = problems.length ? `共 ${total} 条数据，发现 ${problems.length} 处问题，未导入任何数据` : p.onlyParse ? `解析成功，共 ${total} 条数据${withSubs}` : '文件中没有数据';
    return { success: !problems.length && (p.onlyParse || total > 0), imported: 0, msg, ...base, ...reportPart };
  }
  await ctx.store.remove(p.fileKey);
  // Fresh statistics and visibility map for the new rows (ADR 0930); the import stands either way.
  await afterBulkWrite(db, model.schema, model.main.table.name, imported).catch(() => false);
  const msg = `成功导入 ${imported} 条数据${subRows ? `（含子表单 ${subRows} 行）` : ''}`;
  await insertMessages(db, [{ tenantId: job.tenantId, userId: job.userId, title: `导入完成：${model.form.cnName}`, content: `${p.fileName}：${msg}` }]);
  return { success: true, imported, msg, ...base };
};
