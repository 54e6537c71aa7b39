/**
 * The import job (spec 01 §2.5, §7; issue 14): the uploaded table is read as a stream, in
 * batches. Each row is converted and checked (labels → ids, the adapter's validateRecord, column
 * types) and problems are collected; `onlyParse` ends there with a preview. An import first
 * judges the whole file read-only (the report names every problem; one problem: nothing is
 * written), then writes it again from the top in committed chunks, each with the job's cursor,
 * so a kill resumes after the last committed chunk (importChunks.ts; ADR 0807 on PGlite, ADR
 * 1064 on PostgreSQL and by key). Sub-form sheets (importSubSheets.ts) are read first and held
 * in memory, so each record is judged with its rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { importColumns } from '../../../../schema-adapters/index.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { downloadUrl } from '../../files/fileKeys.js';
import type { FileStore } from '../../files/fileStore.js';
import { JobCancelledError, type JobContext, type JobHandler, type JobResult } from '../../jobs/types.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { inTransaction } from '../services/inTransaction.js';
import { afterBulkWrite } from '../storage/afterBulkWrite.js';
import { loadModel } from '../services/recordContext.js';
import { recordOperation } from '../../services/operationLog.js';
import { nextSerial } from '../write/serialNumbers.js';
import { writeErrorReport } from './errorReport.js';
import type { JobUser } from './jobUser.js';
import { tableKind } from './importRead.js';
import { ImportResolver, type Problem } from './importValues.js';
import { importedText } from '../../../../schema-adapters/cells/spreadsheetText.js';
import { convertBatch, mapHeader, rowBatchesOf, type Mapped, type Row, type SubInput } from './importConvert.js';
import { IMPORT_LIMITS } from './importLimits.js';
import { tableRows } from './tableSource.js';
import { copyLines, insertChildRows, insertMainRows, mainFixed, reserveIds, type ImportTarget } from '../repositories/importWrites.js';
import { importInWorker, useImportWorker, type LinesBatch } from './importThread.js';
import { clientDatabase } from '../../db/clientDatabase.js';
import { orphanProblems, readSubSheets, type ImportSub } from './importSubSheets.js';
import { checkKey, ImportUpdates, type ImportMode } from './importUpdates.js';
import { importCheckpoint, writeImportChunks } from './importChunks.js';
import { jobTestPoint } from '../../jobs/testHooks.js';

/** What an import job keeps in its params. */
export interface ImportParams {
  form: string;
  fileKey: string;
  fileName: string;
  onlyParse: boolean;
  user: JobUser;
  /** What the upload's zip directory declared its parts inflate to (issue 26 item 3). */
  inflated?: number;
  /** 仅新增 / 仅更新 / 新增或更新 by `key` (issue 27 item 2; importUpdates.ts); absent: add. */
  mode?: ImportMode;
  key?: string;
  /** When the confirmed parse began (ISO): records changed after it are refused by key. */
  parsedSince?: string;
}

const PREVIEW_ROWS = 20;
/** Problems kept in the job's answer; the report holds up to REPORT_MAX. */
const ANSWER_PROBLEMS = 100;
const REPORT_MAX = 10_000;

/** The file's rows in batches, read in bounded memory (tableSource.ts, issue 26 item 3). */
async function* batches(store: FileStore, key: string, kind: 'xlsx' | 'xls' | 'csv', onHeader: (h: unknown[]) => void, inflated?: number): AsyncGenerator<Row[]> {
  const rows = await tableRows(store, key, kind, false, inflated);
  yield* rowBatchesOf((async function* () { for await (const r of rows) yield r.cells; })(), onHeader);
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
  const updates = p.mode === 'update' || p.mode === 'upsert' ? new ImportUpdates(model, p.mode, checkKey(model, p.key), job.tenantId, p.user, p.parsedSince ? new Date(p.parsedSince) : undefined) : null;
  let mapped: Mapped | null = null;
  const onHeader = (h: unknown[]) => { mapped = mapHeader(h, fields); updates?.onHeader(mapped); };

  // Pass 0 (workbooks of forms with sub-forms): the sub-form sheets.
  await ctx.progress(0, null, 'parse');
  const problems: Problem[] = [];
  let subInput: SubInput | null = null;
  if (kind !== 'csv' && subDefs.length) {
    const sheets = await readSubSheets(db, ctx.store, p.fileKey, kind, subDefs, resolver, p.inflated);
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
  const pass = async (q: Kysely<Database>, target: ImportTarget | null): Promise<number> => {
    const write = target !== null;
    let n = 0;
    let pending: Promise<void> = Promise.resolve();
    for await (const rows of batches(ctx.store, p.fileKey, kind, onHeader, p.inflated)) {
      ctx.throwIfCancelled();
      const m = mapped as unknown as Mapped;
      const planned = updates ? await updates.plan(q, rows) : [];
      if (problems.length < REPORT_MAX) problems.push(...planned.slice(0, REPORT_MAX - problems.length));
      const converted = await convertBatch(q, model, resolver, m, rows, p.user, subInput, updates ? (no, d) => updates.basis(no, d) : undefined);
      for (const [k, c] of converted.entries()) {
        total++;
        ordinals.add(c.rowNo - 1);
        if (preview.length < PREVIEW_ROWS) preview.push(m.fields.map((f, i) => (f ? importedText(rows[k].cells[i]) : '')));
        if (problems.length < REPORT_MAX) problems.push(...c.problems.slice(0, REPORT_MAX - problems.length));
      }
      const adds = updates ? converted.filter((c) => !updates.updates(c.rowNo)) : converted;
      if (write && !problems.length && updates) {
        // Edits go one by one through the single edit's rules (importUpdates.ts), after the previous batch's inserts.
        await pending;
        problems.push(...(await updates.write(q, converted)).slice(0, REPORT_MAX));
      } else updates?.forget(converted);
      if (write && !problems.length && adds.length) {
        const values = adds.map((c) => c.values!);
        for (const v of values) {
          for (const f of serials) v.set(model.main.fields.get(f.enName)!.columns.value!.name, await nextSerial(q, job.tenantId, model.form.id, f));
        }
        const withChildren = adds.some((c) => c.subs.some((s) => s.rows.length));
        const ids = withChildren ? await reserveIds(q, model, values.length) : undefined;
        // The insert runs while the next batch is read and converted (queries on the
        // transaction's connection still go one after the other, in order).
        await pending;
        pending = (async () => {
          n += await insertMainRows(target, model, values, meta, status, ids);
          if (ids) {
            for (const sub of subInput!.present) {
              const children = adds.flatMap((c, i) => (c.subs.find((s) => s.sub === sub)?.rows ?? []).map((v, order) => ({ parentId: ids[i], order, values: v })));
              await insertChildRows(target, model, model.subs.get(sub.name)!, job.tenantId, children);
            }
          }
          await ctx.progress(n, null, 'write');
        })();
        pending.catch(() => {});
      } else if (!write || problems.length) await ctx.progress(total, null, 'parse');
    }
    await pending;
    if (subInput && problems.length < REPORT_MAX) problems.push(...orphanProblems(subInput.sheets, ordinals).slice(0, REPORT_MAX - problems.length));
    return n;
  };
  // Large files of forms whose rows need no queries while they are converted (no related-form
  // columns, serial numbers or sub-form sheets) are read and converted in a worker thread on
  // PostgreSQL (ADR 0811); the writes stay in this thread's transaction.
  let workerLabels: (string | null)[] | null = null;
  // A resumed run goes on on the main thread: its cursor is a file row number, which the
  // main thread's chunks can start after wherever it lies.
  const start = !p.onlyParse && !db.isTransaction ? importCheckpoint(job.checkpoint) : null;
  const inWorker = ctx.databaseUrl && !db.isTransaction && !start && !updates && kind !== 'xls' && !subInput && !subDefs.length && !serials.length && !fields.some((f) => f.funcType === 'relatedForm')
    ? await ctx.store.get(p.fileKey) : null;
  if (inWorker && !useImportWorker(inWorker.size)) inWorker.body.destroy();
  const file = inWorker && useImportWorker(inWorker.size) ? inWorker : null;
  const workerPass = async (target: ImportTarget | null): Promise<number> => {
    let n = 0;
    const r = await importInWorker(file!.body, {
      kind: kind as 'xlsx' | 'csv', model, fields, lookups: resolver.lookupTables(), tenantId: job.tenantId, user: p.user, meta, status, write: target !== null, previewRows: PREVIEW_ROWS, inflated: p.inflated ?? IMPORT_LIMITS.totalBytes,
    }, ctx, (found) => {
      if (problems.length < REPORT_MAX) problems.push(...found.slice(0, REPORT_MAX - problems.length));
    }, target?.copy ? async (b) => {
      await copyLines(target.copy!, model.schema, model.main.table.name, [...mainFixed(meta, status).names, ...b.columns], b.data);
      n += b.rows;
      await ctx.progress(n, null, 'write');
    } : null);
    total = r.total;
    preview.push(...r.preview);
    workerLabels = r.labels;
    return n;
  };
  const run = (q: Kysely<Database>, target: ImportTarget | null) => (file ? workerPass(target) : pass(q, target));
  /** The answer's common part, from what the pass found. */
  const summary = () => {
    const subRows = subInput ? [...subInput.sheets.byParent.entries()].filter(([k]) => ordinals.has(k)).reduce((n, [, rows]) => n + rows.length, 0) : 0;
    const m = mapped as Mapped | null;
    const columns = workerLabels ?? (m ? m.fields.map((f) => f?.label ?? null) : []);
    const base = {
      total, subRows, columns, preview: preview.map((row) => row.filter((_, i) => columns[i] !== null)),
      problemCount: problems.length, problems: problems.slice(0, ANSWER_PROBLEMS),
      ...(updates ? { mode: updates.mode, key: updates.label, added: updates.added, updated: updates.updated, unmatched: updates.unmatched } : {}),
    };
    base.columns = columns.filter((c) => c !== null);
    return { subRows, base };
  };
  /** A written import's answer: `n` rows added, and by key (importUpdates.ts) the rows updated. */
  const succeeded = (n: number): JobResult => {
    const { subRows, base } = summary();
    const counts = updates ? `：新增 ${updates.added} 条，更新 ${updates.updated} 条` : '';
    const written = n + (updates?.updated ?? 0);
    return { success: true, imported: written, msg: `成功导入 ${written} 条数据${subRows ? `（含子表单 ${subRows} 行）` : ''}${counts}`, ...base };
  };
  let done: JobResult | null = null;
  let imported = 0;
  /** The end of a chunked import: log line, owner's message and the job's end in one transaction. */
  const finish = async (late: Problem[]) => {
    await inTransaction(db, async (trx) => {
      await recordOperation(trx, {
        tenantId: job.tenantId, title: model.form.cnName, businessType: BUSINESS_TYPE.import, operUserId: p.user.userId, operName: p.user.userName,
        requestMethod: 'POST', operUrl: `/api/auto/${p.form}/importData`, operParam: { formName: p.form, fileName: p.fileName, rows: imported, jobId: job.id },
      });
      done = succeeded(imported);
      if (late.length) {
        const report = await writeErrorReport(ctx.store, job.tenantId, model.form.cnName, late);
        done = {
          ...done, msg: `${done.msg}；${late.length} 处数据在导入过程中被他人修改而失效，相应行未导入`, problemCount: late.length, problems: late.slice(0, ANSWER_PROBLEMS),
          errorReportKey: report.key, errorReportName: report.name, errorReportUrl: downloadUrl(report.key),
        };
      }
      await insertMessages(trx, [{ tenantId: job.tenantId, userId: job.userId, title: `导入完成：${model.form.cnName}`, content: `${p.fileName}：${done.msg}` }]);
      await ctx.commit(trx, done);
    });
  };
  // The write pass ignores a user's cancel (its chunks are in: "cancelled" means nothing was
  // written); a stopping server ends it between chunks and the job is resumed after its cursor.
  const throwIfStopping = () => { if (ctx.stopping()) throw new JobCancelledError(); };
  const afterChunk = async (n: number) => { await ctx.progress(n, total, 'write'); await jobTestPoint(`chunk:${job.kind}`); };
  /**
   * PostgreSQL, large files (ADR 0811): the worker reads the file again and answers COPY lines;
   * each batch (≈ 1,000 rows) goes in by COPY on a connection of the job's own, in a
   * transaction that also records the cursor (the file row number of the batch's last row).
   */
  const writeWorkerChunks = async (): Promise<number> => {
    const again = await ctx.store.get(p.fileKey);
    if (!again) throw new Error('import file gone between its passes');
    const own = await clientDatabase(ctx.databaseUrl!);
    let n = 0;
    try {
      await importInWorker(again.body, {
        kind: kind as 'xlsx' | 'csv', model, fields, lookups: resolver.lookupTables(), tenantId: job.tenantId, user: p.user, meta, status, write: true, previewRows: 0, inflated: p.inflated ?? IMPORT_LIMITS.totalBytes,
      }, { ...ctx, throwIfCancelled: throwIfStopping }, () => {}, async (b: LinesBatch) => {
        throwIfStopping();
        await own.db.transaction().execute(async (trx) => {
          await copyLines(own.client, model.schema, model.main.table.name, [...mainFixed(meta, status).names, ...b.columns], b.data);
          await ctx.checkpoint(trx, { cursor: b.last, imported: n + b.rows, updated: 0, late: [] }, n + b.rows);
        });
        n += b.rows;
        await afterChunk(n);
      });
    } finally {
      await own.close();
    }
    return n;
  };
  if (p.onlyParse) await run(db, null);
  else if (!db.isTransaction) {
    // Judge every row first; nothing is written when one is refused (all or none, as before).
    await run(db, null);
    // Resumed after a kill: the rows up to the cursor are in (and by key, their records changed
    // by this import): what the judging pass says of them now is no problem. Rows judged wrong
    // only now (a looked-up record deleted or changed since) are skipped by the write pass and
    // reported there.
    if (start) problems.length = 0;
    if (!problems.length && total) {
      const late: Problem[] = [...(start?.late ?? [])];
      if (file) imported = await writeWorkerChunks();
      else {
        // The judging pass's instance has seen every key: the write pass looks them up afresh.
        const writer = updates ? new ImportUpdates(model, updates.mode, updates.key, job.tenantId, p.user, p.parsedSince ? new Date(p.parsedSince) : undefined) : null;
        writer?.onHeader(mapped as unknown as Mapped);
        const write = await writeImportChunks({
          db, model, resolver, user: p.user, subInput, serials, meta, status, start, late, shared: ctx.sharedConnection,
          updates: writer,
          rows: () => batches(ctx.store, p.fileKey, kind, onHeader, p.inflated),
          mapped: () => mapped as unknown as Mapped,
          checkpoint: (trx, state) => ctx.checkpoint(trx, { ...state }, state.imported + state.updated),
          throwIfStopping, afterChunk,
        });
        imported = write.imported;
        // The answer counts what was written (the judging pass counted what was planned).
        if (updates) { updates.added = write.imported; updates.updated = write.updated; }
      }
      await finish(late);
    }
  } else {
    // Already inside a caller's transaction: one pass writes into it, all or none.
    const rollback = new Error('import rolled back');
    try {
      imported = await inTransaction(db, async (trx) => {
        const n = await run(trx, { trx, copy: null });
        if (problems.length || !total) throw rollback;
        ctx.throwIfCancelled();
        await recordOperation(trx, {
          tenantId: job.tenantId, title: model.form.cnName, businessType: BUSINESS_TYPE.import, operUserId: p.user.userId, operName: p.user.userName,
          requestMethod: 'POST', operUrl: `/api/auto/${p.form}/importData`, operParam: { formName: p.form, fileName: p.fileName, rows: n, jobId: job.id },
        });
        done = succeeded(n);
        await insertMessages(trx, [{ tenantId: job.tenantId, userId: job.userId, title: `导入完成：${model.form.cnName}`, content: `${p.fileName}：${done.msg}` }]);
        await ctx.commit(trx, done);
        return n;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
  }
  const { subRows, base } = summary();
  const counts = updates ? `：新增 ${updates.added} 条，更新 ${updates.updated} 条` : '';
  let report: { key: string; name: string } | null = null;
  if (problems.length) report = await writeErrorReport(ctx.store, job.tenantId, model.form.cnName, problems);
  const reportPart = report ? { errorReportKey: report.key, errorReportName: report.name, errorReportUrl: downloadUrl(report.key) } : {};
  if (p.onlyParse || problems.length || !total) {
    await ctx.store.remove(p.fileKey);
    const withSubs = subRows ? `（含子表单 ${subRows} 行）` : '';
    const msg = problems.length ? `共 ${total} 条数据，发现 ${problems.length} 处问题，未导入任何数据` : p.onlyParse ? `解析成功，共 ${total} 条数据${withSubs}${counts}` : '文件中没有数据';
    return { success: !problems.length && (p.onlyParse || total > 0), imported: 0, msg, ...base, ...reportPart };
  }
  // After the commit: clean-ups that may be lost to a kill without harm (the job is done).
  await ctx.store.remove(p.fileKey);
  // Fresh statistics and visibility map for the new rows (ADR 0930); the import stands either way.
  await afterBulkWrite(db, model.schema, model.main.table.name, imported).catch(() => false);
  return done ?? succeeded(imported);
};
