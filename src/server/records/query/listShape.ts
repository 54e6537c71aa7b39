/**
 * The row shape a list request asks for (issue 28 item 4, docs/api-records.md "Row shape").
 * `full` (the default) is spec 01 §3.3's record: every system column, `sysStatus` beside
 * `sys_status`, every `$view` companion. `compact` carries each value once: `id`, `sys_status`
 * (and a view row's `data_table`), the field values, and only the `$view` companions the client
 * cannot derive from the definition; `columns` narrows it further to the keys it names. Whatever
 * a list-side expression reads (row buttons' rightShowCon, colorRules, virtual columns) stays.
 */
import { COMPACT_SYSTEM_KEYS, keysReadOnListRows, viewFromDefinition } from '../../../../schema-adapters/index.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from './formModel.js';
import { SYSTEM_COLUMNS } from './listQuery.js';
import { ROLE_SUFFIX, type StorageColumn } from '../storage/types.js';

/** Which keys a list row carries: everything (`null`), or the system keys and columns kept. */
export interface RowKeys {
  system: ReadonlySet<string>;
  column(c: StorageColumn): boolean;
}

/** What a list request asked for: `compact` with its `columns`, or the full record. */
export interface ListShape {
  compact: boolean;
  /** The keys `columns` named (compact only); null: every field. */
  columns: string[] | null;
}

export const FULL_SHAPE: ListShape = { compact: false, columns: null };

/** More names than a form has columns is never a real request. */
const MAX_COLUMNS = 2000;

/** Reads `rowShape` and `columns` of a list body; unknown names are a 400 with the name. */
export function parseListShape(model: FormModel, body: Record<string, unknown>): ListShape {
  const shape = body.rowShape;
  if (shape !== undefined && shape !== null && shape !== '' && shape !== 'full' && shape !== 'compact') throw badRequest('rowShape 须为 full 或 compact');
  const compact = shape === 'compact';
  const raw = body.columns;
  if (raw === undefined || raw === null) return { compact, columns: null };
  if (!compact) throw badRequest('columns 只能与 rowShape: compact 一起使用');
  if (!Array.isArray(raw) || raw.some((c) => typeof c !== 'string')) throw badRequest('columns 须为字段名数组');
  if (raw.length > MAX_COLUMNS) throw badRequest(`columns 最多${MAX_COLUMNS}个`);
  const virtual = new Set((model.form.definition.feature?.virtualColumns ?? []).map((v) => v.enName));
  for (const name of raw as string[]) {
    const known = model.main.fields.has(name) || model.main.byKey.has(name) || virtual.has(name)
      || Object.hasOwn(SYSTEM_COLUMNS, name) || name === 'sysStatus' || (name === 'data_table' && !!model.main.view);
    if (!known) throw badRequest(`未知字段：${name}`);
  }
  return { compact, columns: [...new Set(raw as string[])].sort() };
}

/**
 * The keys a row of `shape` carries, or null for the full record. A named field brings its
 * companions (`$start`/`$end`, address parts, a `$view` that stays); a named companion key alone
 * brings that column.
 */
export function rowKeys(model: FormModel, shape: ListShape): RowKeys | null {
  if (!shape.compact) return null;
  const read = keysReadOnListRows(model.form.definition);
  const named = shape.columns ? new Set(shape.columns) : null;
  const system = new Set(COMPACT_SYSTEM_KEYS);
  if (model.main.view) system.add('data_table');
  for (const n of [...Object.keys(SYSTEM_COLUMNS), 'sysStatus']) if (read.has(n) || named?.has(n)) system.add(n);
  const wanted = (key: string, field: string) => read.has(key) || !named || named.has(key) || named.has(field);
  return {
    system,
    column: (c) => {
      const key = c.field + ROLE_SUFFIX[c.role];
      if (read.has(key)) return true;
      if (c.role === 'view') {
        const def = model.main.fields.get(c.field)?.def;
        if (def && viewFromDefinition(def) && !named?.has(key)) return false;
      }
      return wanted(key, c.field);
    },
  };
}
