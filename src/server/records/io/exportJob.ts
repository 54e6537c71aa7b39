/**
 * The export job (spec 01 §2.4, §7, §9): reads the chosen records in list order in chunks,
 * writes `.xlsx` or `.csv` as it goes into the file store, adds sub-form sheets (or one line per
 * sub-row), optionally zips the workbook with the records' files, logs type 5 and tells the
 * owner in the 消息中心.
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition, UserContext } from '../../../../schema-adapters/definition/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { downloadUrl, jobFileKey, sanitizeFileName } from '../../files/fileKeys.js';
import { keyOfRef, uniqueNames } from '../../files/fileRefs.js';
import { parseFileKey } from '../../files/fileKeys.js';
import type { FileStore } from '../../files/fileStore.js';
import { zipStream } from '../../files/zipStream.js';
import type { JobHandler, JobResult } from '../../jobs/types.js';
import { inTransaction } from '../services/inTransaction.js';
import { jobTestPoint } from '../../jobs/testHooks.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { recordOperation } from '../../services/operationLog.js';
import type { FormModel } from '../query/formModel.js';
import { loadModel } from '../services/recordContext.js';
import { exportCell, exportStyle } from '../../../../schema-adapters/cells/fieldCells.js';
import type { Cell } from '../../../../schema-adapters/cells/spreadsheetText.js';
import { FILE_LIST_TYPES } from '../../../../schema-adapters/fieldTypes/media.js';
import { getConfigValue } from '../../repositories/configRepository.js';
import { VOIDED_STATUS } from '../../../shared/readOnlyRecords.js';
import { exportFields, type ExportParams, type ExportSource, type FileEntry } from './exportRequest.js';
import type { JobUser } from './jobUser.js';
import type { Reader } from '../query/rowScope.js';
import { readerOf } from '../services/dataScope.js';
import { childRows, countUpTo, existingIds, exportIds, listInChunks, mainRows, type ListChunks, type RecordId } from '../repositories/exportQueries.js';
import { addVirtualValues } from '../services/viewRows.js';
import { csvWriter, xlsxWriter, type TableWriter } from './tableWriter.js';
import { exportInWorker, exportWorkerRows } from './exportThread.js';

const CHUNK = 2000;

function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function fieldsOf(all: FieldDefinition[], names: string[]): FieldDefinition[] {
  const by = new Map(all.map((f) => [f.enName, f]));
  return names.map((n) => by.get(n)).filter((f): f is FieldDefinition => !!f);
}

/** The tenant's file keys a file-list value names (other tenants' or malformed refs are skipped). */
function filesOf(value: unknown, tenantId: number): { key: string; name: string }[] {
  if (!Array.isArray(value)) return [];
  const out: { key: string; name: string }[] = [];
  for (const item of value) {
    const ref = typeof item === 'string' ? item : item && typeof item === 'object' ? (item as { url?: unknown }).url : undefined;
    const key = typeof ref === 'string' ? keyOfRef(ref) : null;
    const parsed = key ? parseFileKey(key) : null;
    if (!key || !parsed || parsed.tenantId !== tenantId) continue;
    const name = item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' ? sanitizeFileName((item as { name: string }).name) : parsed.name;
    out.push({ key, name });
  }
  return out;
}

/** What the table part of an export needs from its runner (the job's context, or a worker thread's messages). */
export interface TableHooks {
  progress(done: number, total?: number | null, phase?: string): Promise<void>;
  throwIfCancelled(): void;
}

/** The ids an export writes, in list order (the chosen ones that exist, or the list query's). */
export async function idsToExport(db: Kysely<Database>, model: FormModel, p: ExportParams, reader: Reader): Promise<RecordId[]> {
  return p.ids ? existingIds(db, model, p.ids, reader) : exportIds(db, model, p.query ?? {}, reader);
}

/** The source's records as `listInChunks` gives them. */
async function readSource<T>(db: Kysely<Database>, model: FormModel, source: ExportSource, reader: Reader, fields: ReadonlySet<string> | undefined,
  body: (list: ListChunks) => Promise<T>): Promise<T> {
  if ('query' in source) return listInChunks(db, model, source.query, reader, fields, body);
  const { ids } = source;
  return body({
    db,
    count: ids.length,
    async each(size, fn) {
      for (let i = 0; i < ids.length; i += size) await fn(await mainRows(db, model, ids.slice(i, i + size), reader, fields));
    },
  });
}

/** Reads the source's records and writes the table into `w` (not closed); answers the rows and the files to attach. */
export async function produceTable(db: Kysely<Database>, p: ExportParams & { user: JobUser }, tenantId: number, source: ExportSource, ctx: TableHooks, w: TableWriter): Promise<{ rows: number; files: FileEntry[] }> {
  const model = await loadModel(db, tenantId, p.form);
  const files: FileEntry[] = [];
  const rows = await writeTable(db, model, p, tenantId, ctx, source, w, files);
  return { rows, files };
}

async function writeTable(db: Kysely<Database>, model: FormModel, p: ExportParams & { user: JobUser }, tenantId: number, ctx: TableHooks, source: ExportSource, w: TableWriter, files: FileEntry[]): Promise<number> {
  const def = model.form.definition;
  const { virtual, all } = exportFields(def);
  const mainFields = fieldsOf(all, p.columns);
  // Spec 01 §2.2: numbers show the thousands separator when the tenant's setting says so; the workbook too.
  const thousands = (await getConfigValue(db, tenantId, 'sys.thousand.separator.enabled')) === 'true';
  const styleOf = (f: FieldDefinition) => exportStyle(f, thousands);
  const user: UserContext = { ...p.user, deptId: p.user.deptId };
  const subs = p.subs.map((s) => ({ ...s, model: model.subs.get(s.name)!, fields: fieldsOf(model.subs.get(s.name)!.def.children ?? [], s.columns) }))
    .filter((s) => s.fields.length);
  const collect = (folder: string, fields: FieldDefinition[], row: Record<string, unknown>, on: boolean) => {
    if (!on) return;
    for (const f of fields) if (FILE_LIST_TYPES.has(f.funcType)) for (const file of filesOf(row[f.enName], tenantId)) files.push({ folder, ...file });
  };
  // Only the exported fields' columns are read, unless a virtual column is exported: its expression may name any field.
  const wanted = mainFields.some((f) => virtual.includes(f)) ? undefined : new Set(mainFields.map((f) => f.enName));
  // The exporting user's data scope, resolved when the job runs (here too in a worker thread).
  const reader = await readerOf(db, { tenantId, userId: p.user.userId }, p.form);
  return readSource(db, model, source, reader, wanted, async (list) => {
    const rdb = list.db;
    const total = list.count * (p.byLine ? 1 : 1 + subs.length);
    await ctx.progress(0, total, 'export');
    let done = 0;
    if (p.byLine && subs.length) {
      await w.sheet(model.form.cnName, [...mainFields.map((f) => f.label), ...subs.flatMap((s) => s.fields.map((f) => `${s.model.def.label}-${f.label}`))],
        [...mainFields.map(styleOf), ...subs.flatMap((s) => s.fields.map(styleOf))]);
    } else {
      await w.sheet(model.form.cnName, mainFields.map((f) => f.label), mainFields.map(styleOf));
    }
    // The sub-form sheets key their rows by the parent's row number: the ids in written order.
    const written: RecordId[] = [];
    const keepIds = !p.byLine && subs.length > 0;
    ctx.throwIfCancelled();
    await list.each(CHUNK, async (raw) => {
      // Virtual columns get their values as in the list (services/viewRows).
      const rows = addVirtualValues(def, raw, user);
      // Sub-forms belong to forms, whose ids are numbers (a view has none).
      const children = p.byLine && subs.length ? await Promise.all(subs.map((s) => childRows(rdb, model, s.model, rows.map((r) => Number(r.id)), tenantId))) : [];
      for (const row of rows) {
        // 导出选择's 不导出已作废的数据 (issue 27 item 4): voided records are left out of every sheet.
        if (p.excludeVoided && Number(row.sys_status) === VOIDED_STATUS) continue;
        const folder = `${++done}_${row.id}`;
        if (keepIds) written.push(row.id as RecordId);
        collect(folder, mainFields, row, p.includeFiles);
        const main: Cell[] = mainFields.map((f) => exportCell(f, row));
        if (p.byLine && subs.length) {
          const lists = subs.map((s, k) => children[k].get(Number(row.id)) ?? []);
          const lines = Math.max(1, ...lists.map((l) => l.length));
          for (let n = 0; n < lines; n++) {
            const cells = [...main];
            subs.forEach((s, k) => {
              const child = lists[k][n];
              if (child) collect(`${folder}/${s.model.def.label}`, s.fields, child, s.includeFiles);
              cells.push(...s.fields.map((f) => (child ? exportCell(f, child) : null)));
            });
            await w.row(cells);
          }
        } else await w.row(main);
      }
      await ctx.progress(done, total, 'export');
      await jobTestPoint('chunk:export');
      ctx.throwIfCancelled();
    });
    if (p.byLine) return done;
    // Sub-forms as sheets keyed by the parent's row number in the main sheet.
    let subDone = done;
    for (const s of subs) {
      await w.sheet(s.model.def.label, ['主表序号', ...s.fields.map((f) => f.label)], [null, ...s.fields.map(styleOf)]);
      for (let i = 0; i < written.length; i += CHUNK) {
        ctx.throwIfCancelled();
        const chunk = written.slice(i, i + CHUNK);
        const children = await childRows(rdb, model, s.model, chunk as number[], tenantId);
        for (const [j, id] of chunk.entries()) {
          for (const child of children.get(id as number) ?? []) {
            collect(`${i + j + 1}_${id}/${s.model.def.label}`, s.fields, child, s.includeFiles);
            await w.row([i + j + 1, ...s.fields.map((f) => exportCell(f, child))]);
          }
        }
        subDone += chunk.length;
        await ctx.progress(subDone, total, 'export');
      }
    }
    return done;
  });
}

async function putStream(store: FileStore, key: string, body: Readable): Promise<void> {
  await store.put(key, body);
}

/** Runs an export job. */
export const exportJob: JobHandler = async (job, ctx): Promise<JobResult> => {
  const p = job.params as unknown as ExportParams & { user: JobUser };
  const db = ctx.db;
  const model = await loadModel(db, job.tenantId, p.form);
  // Names and keys come from the job (its id, its creation time), not from this run: a job run
  // again after a kill names the same files (ADR 0807).
  const tableName = sanitizeFileName(`${model.form.cnName}_${stamp(job.createTime)}.${p.format}`);
  const zipped = p.includeFiles || p.subs.some((s) => s.includeFiles);
  const tableKey = jobFileKey(job.tenantId, job.id, tableName, job.createTime);
  const zipName = sanitizeFileName(`${model.form.cnName}_${stamp(job.createTime)}.zip`);
  const zipKey = jobFileKey(job.tenantId, job.id, zipName, job.createTime);
  // Written completely by an earlier run that was killed before it ended the job: end it now.
  const earlier = job.checkpoint as { fileKey?: unknown; rows?: unknown } | null;
  if (earlier && typeof earlier.rows === 'number' && (earlier.fileKey === tableKey || earlier.fileKey === zipKey) && await ctx.store.stat(earlier.fileKey)) {
    return finishExport(earlier.fileKey === zipKey ? zipName : tableName, earlier.fileKey, earlier.rows);
  }
  // A table an earlier run left (complete, but the zip was not made): made again.
  await ctx.store.remove(tableKey);
  let rows: number;
  let files: FileEntry[];
  await ctx.progress(0, null, 'query');
  const threshold = ctx.databaseUrl ? exportWorkerRows() : null;
  let source: ExportSource | null = null;
  let chosen: RecordId[] | null = null;
  const reader = await readerOf(db, { tenantId: job.tenantId, userId: p.user.userId }, p.form);
  if (threshold !== null) {
    // The worker reads the list query through its own cursor: the main thread holds no id list.
    if (p.ids) {
      chosen = await existingIds(db, model, p.ids, reader);
      if (chosen.length >= threshold) source = { ids: chosen };
    } else if (threshold === 0 || await countUpTo(db, model, p.query ?? {}, reader, threshold) >= threshold) source = { query: p.query ?? {} };
  }
  if (source) {
    ({ rows, files } = await exportInWorker(ctx.databaseUrl!, p, job.tenantId, source, ctx, (out) => putStream(ctx.store, tableKey, out), () => ctx.store.remove(tableKey)));
  } else {
    // The main thread (PGlite, or a small export) reads by id: a cursor's transaction would hold PGlite's one connection.
    const ids = chosen ?? await idsToExport(db, model, p, reader);
    const w = p.format === 'csv' ? csvWriter() : xlsxWriter();
    const stored = putStream(ctx.store, tableKey, w.out);
    stored.catch(() => {});
    try {
      ({ rows, files } = await produceTable(db, p, job.tenantId, { ids }, ctx, w));
      await w.close();
      await stored;
    } catch (err) {
      w.fail(err as Error);
      await stored.catch(() => {});
      await ctx.store.remove(tableKey);
      throw err;
    }
  }
  let key = tableKey;
  let fileName = tableName;
  if (zipped && files.length) {
    await ctx.progress(rows, rows, 'zip');
    fileName = zipName;
    key = zipKey;
    const names = uniqueNames(files.map((f) => `${f.folder}/${f.name}`));
    const entries = [
      { name: tableName, open: async () => (await ctx.store.get(tableKey))!.body },
      ...files.map((f, i) => ({ name: names[i], open: async () => (await ctx.store.get(f.key))?.body ?? emptyStream() })),
    ];
    try {
      ctx.throwIfCancelled();
      await ctx.store.put(key, zipStream(entries));
    } finally {
      await ctx.store.remove(tableKey);
    }
  } else if (zipped) {
    // Nothing to attach: the workbook alone, still as the zip the user asked for.
    fileName = zipName;
    key = zipKey;
    try {
      await ctx.store.put(key, zipStream([{ name: tableName, open: async () => (await ctx.store.get(tableKey))!.body }]));
    } finally {
      await ctx.store.remove(tableKey);
    }
  }
  ctx.throwIfCancelled();
  // The file is complete (the store writes it under a side name and renames it): a run after a
  // kill from here on finds it and only ends the job.
  await ctx.checkpoint(db, { fileKey: key, rows }, rows);
  await jobTestPoint('written:export');
  return finishExport(fileName, key, rows);

  /** The log line, the owner's message and the job's end, committed together (ADR 0806). */
  async function finishExport(name: string, fileKey: string, count: number): Promise<JobResult> {
    const result = { fileKey, fileName: name, rows: count, msg: name };
    await inTransaction(db, async (trx) => {
      await recordOperation(trx, {
        tenantId: job.tenantId, title: model.form.cnName, businessType: BUSINESS_TYPE.export, operUserId: p.user.userId, operName: p.user.userName,
        requestMethod: 'POST', operUrl: `/api/auto/${p.form}/export`, operParam: { rows: count, columns: p.columns, subs: p.subs.map((s) => s.name), byLine: p.byLine, jobId: job.id },
      });
      await insertMessages(trx, [{ tenantId: job.tenantId, userId: job.userId, title: `导出完成：${model.form.cnName}`, content: `${name}（共 ${count} 条）已可下载`, link: downloadUrl(fileKey) }]);
      await ctx.commit(trx, result);
    });
    return result;
  }
};

function emptyStream(): Readable {
  return Readable.from([]);
}
