/**
 * Per-user state of a form: saved filters and table settings (spec 01 §3.5). The checks live
 * here; the rows are repositories/userSettings.ts's.
 */
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { TableSettingsSchema } from '../../../shared/contract/userState.js';
import type { AuthUser } from '../../auth/types.js';
import type { Database } from '../../db/types.js';
import { readFilterKeys, readTableSettings, writeFilterKeys, writeTableSettings } from '../repositories/userSettings.js';
import { badRequest, forbidden } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';

/** Only the caller's own saved filters may be read or written. */
export function assertOwnUser(user: AuthUser, userId: unknown): void {
  if (String(userId) !== String(user.userId)) throw forbidden();
}

/** The saved filter keys of the caller for a form (empty when none). */
export async function savedFilters(db: Kysely<Database>, user: AuthUser, form: string): Promise<string[]> {
  return (await readFilterKeys(db, { tenantId: user.tenantId, userId: user.userId, form })) ?? [];
}

/** Replaces the caller's saved filter keys for a form. */
export async function saveFilters(db: Kysely<Database>, user: AuthUser, form: string, body: unknown): Promise<string[]> {
  if (!Array.isArray(body) || body.length > 200 || body.some((k) => typeof k !== 'string' || k.length > 200 || k.includes('\u0000'))) {
    throw badRequest('筛选条件须为不超过200项的文本数组');
  }
  const keys = [...new Set(body as string[])];
  await writeFilterKeys(db, { tenantId: user.tenantId, userId: user.userId, form }, keys);
  return keys;
}

/** Field types that never form a list column. */
const NOT_COLUMNS = new Set(['subForm', 'groupTitle', 'divider']);

/** A user's table settings of a form, as stored: the contract's, every part filled. */
export type TableSettings = Required<Static<typeof TableSettingsSchema>>;

/** Checks table settings against the form: page size 1–1000, 0 ≤ fixColumns ≤ columns, known columns. */
export function checkTableSettings(model: FormModel, body: unknown): TableSettings {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('表格设置须为对象');
  const b = body as Record<string, unknown>;
  const columns = b.columns ?? [];
  if (!Array.isArray(columns)) throw badRequest('columns 须为数组');
  const known = new Set([...model.main.fields.keys(), 'sys_status', 'create_by', 'create_time', 'update_time']);
  const cols = columns.map((c) => {
    const { enName, width } = (c ?? {}) as { enName?: unknown; width?: unknown };
    if (typeof enName !== 'string' || !known.has(enName)) throw badRequest(`未知字段：${String(enName)}`);
    const w = width === undefined || width === null ? 120 : Number(width);
    if (!Number.isFinite(w) || w < 20 || w > 2000) throw badRequest('列宽须在20到2000之间');
    return { enName, width: Math.round(w) };
  });
  const pageSize = b.pageSize === undefined || b.pageSize === null ? null : Number(b.pageSize);
  if (pageSize !== null && (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)) throw badRequest('每页条数须在1到1000之间');
  const fix = b.fixColumns === undefined || b.fixColumns === null ? 0 : Number(b.fixColumns);
  // The bound is the form's own column count: a user may fix columns whose widths were never saved.
  const count = [...model.main.fields.values()].filter((f) => !NOT_COLUMNS.has(f.def.funcType)).length;
  if (!Number.isInteger(fix) || fix < 0 || fix > count) throw badRequest(`固定列数须在0到${count}之间`);
  return { pageSize, fixColumns: fix, showStatus: b.showStatus !== false, columns: cols };
}

/** Stores the caller's table settings for a form (checked by checkTableSettings). */
export async function saveTableSettings(db: Kysely<Database>, user: AuthUser, form: string, settings: TableSettings): Promise<void> {
  await writeTableSettings(db, { tenantId: user.tenantId, userId: user.userId, form }, settings);
}

/** The caller's table settings for a form, or null. */
export async function tableSettings(db: Kysely<Database>, user: AuthUser, form: string): Promise<TableSettings | null> {
  return (await readTableSettings(db, { tenantId: user.tenantId, userId: user.userId, form })) as TableSettings | null;
}
