/**
 * `POST /api/auto/{form}/export` body checked before a job is queued (spec 01 §7): columns of
 * the main form and of sub-forms, by line or not, files or not, and either ids or the list query.
 */
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { importColumns } from '../../../../schema-adapters/index.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { compileList } from '../query/listQuery.js';
import { systemReader } from '../services/dataScope.js';
import { parseIds } from '../repositories/recordQueries.js';
import type { RecordId } from '../repositories/exportQueries.js';
import { FILE_LIST_TYPES } from '../../../../schema-adapters/fieldTypes/media.js';
import { computedVirtualColumns } from '../../../../schema-adapters/definition/views.js';
import { isViewModel, parseViewIds } from '../services/viewRows.js';
import { ID_EXPORT_COLUMN, idColumnByDefault, offersIdColumn, STATUS_EXPORT_COLUMN } from '../../../shared/exportColumns.js';

/** A record's file to put in the export's zip. */
export interface FileEntry { folder: string; key: string; name: string }

/**
 * Where an export's records come from: ids already found (read 2,000 at a time by id), or the
 * list query itself, read through a cursor in one snapshot (PostgreSQL only: see listInChunks).
 */
export type ExportSource = { ids: RecordId[] } | { query: Record<string, unknown> };

/** What an export job needs, all plain JSON (it is stored with the job). */
export interface ExportParams {
  form: string;
  columns: string[];
  subs: { name: string; columns: string[]; includeFiles: boolean }[];
  byLine: boolean;
  includeFiles: boolean;
  format: 'xlsx' | 'csv';
  /** Leave voided records (sys_status -2) out (导出选择's 不导出已作废的数据). */
  excludeVoided?: boolean;
  /** Record ids; a type-2 view's are its combined ids `{id}@{data_table}`. */
  ids: (number | string)[] | null;
  query: Record<string, unknown> | null;
}

const names = (raw: unknown, what: string): string[] | null => {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) throw badRequest(`${what}须为数组`);
  return raw.map((c) => {
    const n = typeof c === 'string' ? c : c && typeof c === 'object' ? (c as { enName?: unknown; key?: unknown }).enName ?? (c as { key?: unknown }).key : undefined;
    if (typeof n !== 'string' || !n) throw badRequest(`${what}格式不正确`);
    return n;
  });
};

/** Whether the form offers its file fields for export (spec 01 §2.4 enableExportFile). */
export function mainFilesEnabled(model: FormModel): boolean {
  const f = model.form.definition.feature as { enableExportFile?: unknown } | undefined;
  return f?.enableExportFile === true;
}

/**
 * Every main-form column an export may write: the definition's fields, its computed virtual
 * columns, 状态 (the record's sys_status, unless a sysStatus field already exports it) and
 * 记录ID (the record id, shared/exportColumns.ts).
 */
export function exportFields(def: FormDefinition): { virtual: FieldDefinition[]; status: FieldDefinition | null; id: FieldDefinition | null; all: FieldDefinition[] } {
  const virtual = virtualFields(def);
  const status: FieldDefinition | null = def.fields.some((f) => f.funcType === 'sysStatus') ? null : { enName: STATUS_EXPORT_COLUMN.enName, label: STATUS_EXPORT_COLUMN.label, funcType: 'sysStatus' };
  const id: FieldDefinition | null = offersIdColumn(def) ? { enName: ID_EXPORT_COLUMN.enName, label: ID_EXPORT_COLUMN.label, funcType: 'input' } : null;
  return { virtual, status, id, all: [...def.fields, ...virtual, ...(status ? [status] : []), ...(id ? [id] : [])] };
}

/** The computed virtual columns of a definition as export columns (exportCell reads their values from the row). */
export function virtualFields(def: FormDefinition): FieldDefinition[] {
  return computedVirtualColumns(def).map((v) => ({ enName: v.enName, label: v.cnName, funcType: 'input' }));
}

function pick(available: FieldDefinition[], asked: string[] | null, filesOk: boolean, where: string, unasked: Set<string> = new Set()): string[] {
  const byName = new Map(available.map((f) => [f.enName, f]));
  const chosen = asked ?? available.filter((f) => (filesOk || !FILE_LIST_TYPES.has(f.funcType)) && !unasked.has(f.enName)).map((f) => f.enName);
  for (const n of chosen) {
    const f = byName.get(n);
    if (!f) throw badRequest(`${where}没有可导出的字段：${n}`);
    if (FILE_LIST_TYPES.has(f.funcType) && !filesOk) throw badRequest(`字段「${f.label}」未开启文件导出`);
  }
  return [...new Set(chosen)];
}

/** Checks an export body against the form and the caller; throws a 400 on any fault. */
export function parseExportRequest(model: FormModel, body: Record<string, unknown>, ctx: UserContext, tenantId: number): ExportParams {
  const cols = importColumns(model.form.definition, ctx);
  const defs = new Map(model.form.definition.fields.map((f) => [f.enName, f]));
  const mainFields = cols.filter((c) => c.funcType !== 'subForm').map((c) => defs.get(c.key)!).filter(Boolean);
  const filesOk = mainFilesEnabled(model);
  // Computed virtual columns export as text columns under their headers, as the list shows them.
  const { status, id } = exportFields(model.form.definition);
  // 记录ID goes in when nothing is chosen only for a form without a serial number (its key then).
  const notByDefault = new Set(id && !idColumnByDefault(model.form.definition) ? [id.enName] : []);
  const columns = pick([...mainFields, ...virtualFields(model.form.definition), ...(status ? [status] : []), ...(id ? [id] : [])], names(body.currentColumns, 'currentColumns '), filesOk, '', notByDefault);
  const subsRaw = body.subFormColumns;
  if (subsRaw !== undefined && subsRaw !== null && !Array.isArray(subsRaw)) throw badRequest('subFormColumns 须为数组');
  const subs = ((subsRaw as unknown[] | undefined) ?? []).map((s) => {
    if (!s || typeof s !== 'object') throw badRequest('subFormColumns 格式不正确');
    const { formName, columns: c, includeFiles } = s as { formName?: unknown; columns?: unknown; includeFiles?: unknown };
    const sub = typeof formName === 'string' ? model.subs.get(formName) : undefined;
    const col = cols.find((x) => x.key === formName && x.funcType === 'subForm');
    if (!sub || !col) throw badRequest(`未知子表单：${String(formName)}`);
    const childDefs = (col.children ?? []).map((cc) => (sub.def.children ?? []).find((d) => d.enName === cc.key)!).filter(Boolean);
    const subFiles = sub.def.subFormFeature?.enableExportFile === true;
    return { name: formName as string, columns: pick(childDefs, names(c, 'columns '), subFiles, `子表单「${sub.def.label}」`), includeFiles: includeFiles === true && subFiles };
  });
  if (!columns.length && !subs.some((s) => s.columns.length)) throw badRequest('请选择要导出的字段');
  if (body.excludeVoided !== undefined && body.excludeVoided !== null && typeof body.excludeVoided !== 'boolean') throw badRequest('excludeVoided 须为布尔值');
  const format = body.format === undefined || body.format === null ? 'xlsx' : body.format;
  if (format !== 'xlsx' && format !== 'csv') throw badRequest('导出格式须为 xlsx 或 csv');
  const queryMap = body.queryMap ?? {};
  if (!queryMap || typeof queryMap !== 'object' || Array.isArray(queryMap)) throw badRequest('queryMap 须为对象');
  const qm = queryMap as Record<string, unknown>;
  const rawIds = body.ids ?? qm.ids;
  let ids: (number | string)[] | null = null;
  let query: Record<string, unknown> | null = null;
  if (rawIds !== undefined && rawIds !== null && !(Array.isArray(rawIds) && !rawIds.length)) {
    ids = isViewModel(model) ? parseViewIds(rawIds) : parseIds(rawIds);
  } else {
    const { ids: _ignored, pageNum: _p, pageSize: _s, ...rest } = qm;
    query = rest;
    // Compiling now turns a bad search into a 400 before anything is queued.
    compileList(model, { ...query, pageNum: 1, pageSize: 10 }, systemReader(tenantId));
  }
  return {
    form: model.form.enName, columns, subs, byLine: body.exportByLine === true, includeFiles: body.includeFiles === true && filesOk,
    format: format as 'xlsx' | 'csv', ids, query, excludeVoided: body.excludeVoided === true,
  };
}
