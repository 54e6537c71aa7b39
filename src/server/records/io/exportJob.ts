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
import { downloadUrl, newFileKey, sanitizeFileName } from '../../files/fileKeys.js';
import { keyOfRef, uniqueNames } from '../../files/fileRefs.js';
import { parseFileKey } from '../../files/fileKeys.js';
import type { FileStore } from '../../files/fileStore.js';
import { zipStream } from '../../files/zipStream.js';
import type { JobHandler, JobResult } from '../../jobs/types.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { recordOperation } from '../../services/operationLog.js';
import type { FormModel } from '../query/formModel.js';
import { loadModel } from '../services/recordContext.js';
import { cellOf, FILE_TYPES, type Cell } from './cellText.js';
import { virtualFields, type ExportParams } from './exportRequest.js';
import { childRows, existingIds, exportIds, mainRows, type RecordId } from '../repositories/exportQueries.js';
import { addVirtualValues } from '../services/viewRows.js';
import { csvWriter, xlsxWriter, type TableWriter } from './tableWriter.js';
import { exportInWorker, useExportWorker } from './exportThread.js';

const CHUNK = 2000;

/** Who started a job (kept in its params: the job runs outside the request). */
export interface JobUser {
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  roleKeys: string[];
  roleNames: string[];
}

/** A record's file to put in the export's zip. */
export interface FileEntry { folder: string; key: string; name: string }

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
export async function idsToExport(db: Kysely<Database>, model: FormModel, p: ExportParams, tenantId: number): Promise<RecordId[]> {
  return p.ids ? existingIds(db, model, p.ids, tenantId) : exportIds(db, model, p.query ?? {}, tenantId);
}

/** Reads the records `ids` and writes the table into `w` (not closed); answers the files to attach. */
export async function produceTable(db: Kysely<Database>, p: ExportParams & { user: JobUser }, tenantId: number, ids: RecordId[], ctx: TableHooks, w: TableWriter): Promise<{ rows: number; files: FileEntry[] }> {
  const model = await loadModel(db, tenantId, p.form);
  await ctx.progress(0, ids.length, 'export');
  const files: FileEntry[] = [];
  await writeTable(db, model, p, tenantId, ctx, ids, w, files);
  return { rows: ids.length, files };
}

async function writeTable(db: Kysely<Database>, model: FormModel, p: ExportParams & { user: JobUser }, tenantId: number, ctx: TableHooks, ids: RecordId[], w: TableWriter, files: FileEntry[]): Promise<void> {
  const def = model.form.definition;
  const virtual = virtualFields(def);
  const mainFields = fieldsOf([...def.fields, ...virtual], p.columns);
  const user: UserContext = { ...p.user, deptId: p.user.deptId };
  const subs = p.subs.map((s) => ({ ...s, model: model.subs.get(s.name)!, fields: fieldsOf(model.subs.get(s.name)!.def.children ?? [], s.columns) }))
    .filter((s) => s.fields.length);
  const collect = (folder: string, fields: FieldDefinition[], row: Record<string, unknown>, on: boolean) => {
    if (!on) return;
    for (const f of fields) if (FILE_TYPES.has(f.funcType)) for (const file of filesOf(row[f.enName], tenantId)) files.push({ folder, ...file });
  };
  // Only the exported fields' columns are read, unless a virtual column is exported: its expression may name any field.
  const wanted = mainFields.some((f) => virtual.includes(f)) ? undefined : new Set(mainFields.map((f) => f.enName));
  const total = ids.length * (p.byLine ? 1 : 1 + subs.length);
  let done = 0;
  if (p.byLine && subs.length) {
    await w.sheet(model.form.cnName, [...mainFields.map((f) => f.label), ...subs.flatMap((s) => s.fields.map((f) => `${s.model.def.label}-${f.label}`))]);
  } else {
    await w.sheet(model.form.cnName, mainFields.map((f) => f.label));
  }
  for (let i = 0; i < ids.length; i += CHUNK) {
    ctx.throwIfCancelled();
    const chunk = ids.slice(i, i + CHUNK);
    // Virtual columns get their values as in the list (services/viewRows).
    const rows = addVirtualValues(def, await mainRows(db, model, chunk, tenantId, wanted), user);
    // Sub-forms belong to forms, whose ids are numbers (a view has none).
    const children = p.byLine && subs.length ? await Promise.all(subs.map((s) => childRows(db, model, s.model, chunk as number[], tenantId))) : [];
    for (const [j, row] of rows.entries()) {
      const folder = `${i + j + 1}_${row.id}`;
      collect(folder, mainFields, row, p.includeFiles);
      const main: Cell[] = mainFields.map((f) => cellOf(f, row));
      if (p.byLine && subs.length) {
        const lists = subs.map((s, k) => children[k].get(Number(row.id)) ?? []);
        const lines = Math.max(1, ...lists.map((l) => l.length));
        for (let n = 0; n < lines; n++) {
          const cells = [...main];
          subs.forEach((s, k) => {
            const child = lists[k][n];
            if (child) collect(`${folder}/${s.model.def.label}`, s.fields, child, s.includeFiles);
            cells.push(...s.fields.map((f) => (child ? cellOf(f, child) : null)));
          });
          await w.row(cells);
        }
      } else await w.row(main);
    }
    done += chunk.length;
    await ctx.progress(done, total, 'export');
  }
  if (p.byLine) return;
  // Sub-forms as sheets keyed by the parent's row number in the main sheet.
  for (const s of subs) {
    await w.sheet(s.model.def.label, ['主表序号', ...s.fields.map((f) => f.label)]);
    for (let i = 0; i < ids.length; i += CHUNK) {
      ctx.throwIfCancelled();
      const chunk = ids.slice(i, i + CHUNK);
      const children = await childRows(db, model, s.model, chunk as number[], tenantId);
      for (const [j, id] of chunk.entries()) {
        for (const child of children.get(id as number) ?? []) {
          collect(`${i + j + 1}_${id}/${s.model.def.label}`, s.fields, child, s.includeFiles);
          await w.row([i + j + 1, ...s.fields.map((f) => cellOf(f, child))]);
        }
      }
      done += chunk.length;
      await ctx.progress(done, total, 'export');
    }
  }
}

async function putStream(store: FileStore, key: string, body: Readable): Promise<void> {
  await store.put(key, body);
}

/** Runs an export job. */
export const exportJob: JobHandler = async (job, ctx): Promise<JobResult> => {
  const p = job.params as unknown as ExportParams & { user: JobUser };
  const db = ctx.db;
  const model = await loadModel(db, job.tenantId, p.form);
  const tableName = sanitizeFileName(`${model.form.cnName}_${stamp()}.${p.format}`);
  const zipped = p.includeFiles || p.subs.some((s) => s.includeFiles);
  const tableKey = newFileKey(job.tenantId, tableName);
  let rows: number;
  let files: FileEntry[];
  await ctx.progress(0, null, 'query');
  const ids = await idsToExport(db, model, p, job.tenantId);
  if (ctx.databaseUrl && useExportWorker(ids.length)) {
    ({ rows, files } = await exportInWorker(ctx.databaseUrl, p, job.tenantId, ids, ctx, (out) => putStream(ctx.store, tableKey, out), () => ctx.store.remove(tableKey)));
  } else {
    const w = p.format === 'csv' ? csvWriter() : xlsxWriter();
    const stored = putStream(ctx.store, tableKey, w.out);
    stored.catch(() => {});
    try {
      ({ rows, files } = await produceTable(db, p, job.tenantId, ids, ctx, w));
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
    fileName = sanitizeFileName(`${model.form.cnName}_${stamp()}.zip`);
    key = newFileKey(job.tenantId, fileName);
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
    fileName = sanitizeFileName(`${model.form.cnName}_${stamp()}.zip`);
    key = newFileKey(job.tenantId, fileName);
    try {
      await ctx.store.put(key, zipStream([{ name: tableName, open: async () => (await ctx.store.get(tableKey))!.body }]));
    } finally {
      await ctx.store.remove(tableKey);
    }
  }
  ctx.throwIfCancelled();
  await recordOperation(db, {
    tenantId: job.tenantId, title: model.form.cnName, businessType: BUSINESS_TYPE.export, operUserId: p.user.userId, operName: p.user.userName,
    requestMethod: 'POST', operUrl: `/api/auto/${p.form}/export`, operParam: { rows: rows, columns: p.columns, subs: p.subs.map((s) => s.name), byLine: p.byLine, jobId: job.id },
  });
  await insertMessages(db, [{ tenantId: job.tenantId, userId: job.userId, title: `导出完成：${model.form.cnName}`, content: `${fileName}（共 ${rows} 条）已可下载`, link: downloadUrl(key) }]);
  return { fileKey: key, fileName, rows: rows, msg: fileName };
};

function emptyStream(): Readable {
  return Readable.from([]);
}
