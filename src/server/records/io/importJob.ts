/**
 * The import job (spec 01 §2.5, §7; issue 14): the uploaded table is read twice as a stream.
 * Pass 1 converts and checks every row (labels → ids, the adapter's validateRecord, column
 * types) and collects problems; `onlyParse` ends there with a preview. Pass 2 runs only when no
 * row has a problem and writes every row in one transaction with batched multi-row inserts: all
 * rows or none, also when the job is cancelled or the server stops midway.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { importColumns } from '../../../../schema-adapters/index.js';
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
import { coerceRow, type ColumnValues } from '../write/coerceRow.js';
import { nextSerial } from '../write/serialNumbers.js';
import { writeErrorReport } from './errorReport.js';
import type { JobUser } from './exportJob.js';
import { readRows, tableKind } from './importRead.js';
import { cellText, ImportResolver, type Problem } from './importValues.js';
import { insertMainRows } from './importWrites.js';

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

interface Converted { rowNo: number; data: Record<string, unknown>; values: ColumnValues | null; problems: Problem[] }

/** One batch: related records looked up, each row converted and checked. */
async function convertBatch(db: Kysely<any>, model: FormModel, resolver: ImportResolver, m: Mapped, rows: Row[], user: JobUser): Promise<Converted[]> {
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
      const i = m.fields.findIndex((f) => f?.enName === field.replace(/\$.*$/, ''));
      return i < 0 ? '' : cellText(r.cells[i]);
    };
    const seen = new Set(problems.map((p) => p.column));
    for (const p of recordProblems(model.form.definition, data, ctx)) {
      const column = labelOf.get(p.field.replace(/\$.*$/, '')) ?? model.main.fields.get(p.field)?.def.label ?? p.field;
      if (!seen.has(column)) problems.push({ row: r.rowNo, column, value: cellOf(p.field), message: p.message });
    }
    const errors: FieldError[] = [];
    const values = coerceRow(model.main, data, errors);
    for (const e of errors) {
      const column = labelOf.get(e.field.replace(/\$.*$/, '')) ?? e.field;
      if (!problems.some((p) => p.column === column)) problems.push({ row: r.rowNo, column, value: cellOf(e.field), message: e.message });
    }
    // The labels the file gave are the display companions (spec 01 §3.3).
    for (const [key, v] of Object.entries(data)) {
      if (!key.endsWith('$view')) continue;
      const col = model.main.byKey.get(key);
      if (col) values.set(col.name, v === null ? null : sql`${String(v)}`);
    }
    return { rowNo: r.rowNo, data, values: problems.length ? null : values, problems };
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
  const resolver = new ImportResolver(job.tenantId);
  await resolver.prepare(db, fields);
  let mapped: Mapped | null = null;
  const onHeader = (h: unknown[]) => { mapped = mapHeader(h, fields); };

  // Pass 1: read, convert and check every row.
  await ctx.progress(0, null, 'parse');
  const problems: Problem[] = [];
  const preview: string[][] = [];
  let total = 0;
  for await (const rows of batches(ctx.store, p.fileKey, kind, onHeader)) {
    ctx.throwIfCancelled();
    const m = mapped as unknown as Mapped;
    for (const c of await convertBatch(db, model, resolver, m, rows, p.user)) {
      total++;
      if (preview.length < PREVIEW_ROWS) preview.push(m.fields.map((f, i) => (f ? cellText(rows.find((r) => r.rowNo === c.rowNo)!.cells[i]) : '')));
      if (problems.length < REPORT_MAX) problems.push(...c.problems.slice(0, REPORT_MAX - problems.length));
    }
    await ctx.progress(total, null, 'parse');
  }
  const m = mapped as Mapped | null;
  const columns = m ? m.fields.map((f) => f?.label ?? null) : [];
  const base = {
    total, columns, preview: preview.map((row) => row.filter((_, i) => columns[i] !== null)),
    problemCount: problems.length, problems: problems.slice(0, ANSWER_PROBLEMS),
  };
  base.columns = columns.filter((c) => c !== null);
  let report: { key: string; name: string } | null = null;
  if (problems.length) report = await writeErrorReport(ctx.store, job.tenantId, model.form.cnName, problems);
  const reportPart = report ? { errorReportKey: report.key, errorReportName: report.name, errorReportUrl: downloadUrl(report.key) } : {};
  if (p.onlyParse || problems.length || !total) {
    await ctx.store.remove(p.fileKey);
    const msg = problems.length ? `共 ${total} 条数据，发现 ${problems.length} 处问题，未导入任何数据` : p.onlyParse ? `解析成功，共 ${total} 条数据` : '文件中没有数据';
    return { success: !problems.length && (p.onlyParse || total > 0), imported: 0, msg, ...base, ...reportPart };
  }

  // Pass 2: all rows in one transaction.
  await ctx.progress(0, total, 'write');
  const status = model.form.definition.hasFlow ? 0 : 1;
  const serials = model.form.definition.fields.filter((f) => f.funcType === 'serialNumber' && model.main.fields.get(f.enName)?.columns.value);
  const meta = { tenantId: job.tenantId, userId: p.user.userId, userName: p.user.userName, deptId: p.user.deptId };
  const imported = await inTransaction(db, async (trx) => {
    let n = 0;
    for await (const rows of batches(ctx.store, p.fileKey, kind, onHeader)) {
      ctx.throwIfCancelled();
      const converted = await convertBatch(trx, model, resolver, mapped as unknown as Mapped, rows, p.user);
      const bad = converted.find((c) => !c.values);
      // The file is the one pass 1 read; a changed lookup (a user deleted meanwhile) stops the import.
      if (bad) throw badRequest(`第 ${bad.rowNo} 行：${bad.problems[0]?.message ?? '数据有误'}`);
      const values = converted.map((c) => c.values!);
      for (const v of values) {
        for (const f of serials) v.set(model.main.fields.get(f.enName)!.columns.value!.name, sql`${await nextSerial(trx, job.tenantId, model.form.id, f)}`);
      }
      n += await insertMainRows(trx, model, values, meta, status);
      await ctx.progress(n, total, 'write');
    }
    ctx.throwIfCancelled();
    await recordOperation(trx, {
      tenantId: job.tenantId, title: model.form.cnName, businessType: BUSINESS_TYPE.import, operUserId: p.user.userId, operName: p.user.userName,
      requestMethod: 'POST', operUrl: `/api/auto/${p.form}/importData`, operParam: { formName: p.form, fileName: p.fileName, rows: n, jobId: job.id },
    });
    return n;
  });
  await ctx.store.remove(p.fileKey);
  // Fresh statistics and visibility map for the new rows (ADR 0930); the import stands either way.
  await afterBulkWrite(db, model.schema, model.main.table.name, imported).catch(() => false);
  await insertMessages(db, [{ tenantId: job.tenantId, userId: job.userId, title: `导入完成：${model.form.cnName}`, content: `${p.fileName}：成功导入 ${imported} 条数据` }]);
  return { success: true, imported, msg: `成功导入 ${imported} 条数据`, ...base };
};
