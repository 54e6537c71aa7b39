/** Pattern of form and field enNames (CONTRACT.md §4). */
export const EN_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** System columns of every form table; a field may not take these names (sys_status only as a sysStatus field). */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  'id', 'tenant_id', 'sys_status', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time',
  'update_by', 'update_time', 'version', 'parent_id', 'row_order', 'data_table',
]);

/**
 * PostgreSQL's system column names (and `oid`, a system column until PostgreSQL 12): a field of
 * this name becomes a column the table already has, so the migration would fail.
 */
export const PG_SYSTEM_COLUMN_NAMES: ReadonlySet<string> = new Set(['tableoid', 'xmin', 'cmin', 'xmax', 'cmax', 'ctid', 'oid']);

/**
 * Names every JavaScript object answers without holding them (`record.constructor` is Object):
 * a field of this name would read a value from the prototype where the record has none.
 */
export const JS_OBJECT_NAMES: ReadonlySet<string> = new Set(['constructor']);

/** PostgreSQL's limit of columns per table (MaxHeapAttributeNumber). */
export const MAX_TABLE_COLUMNS = 1600;

/** System columns every main form table carries (id … version); the fields share the rest. */
export const MAIN_TABLE_SYSTEM_COLUMNS = 11;

/** System columns every sub-form table carries (id, tenant_id, parent_id, pid, row_order). */
export const CHILD_TABLE_SYSTEM_COLUMNS = 5;

/**
 * Suffixes of the companion keys a field's value travels with (spec 01 §3.3, §5 Submit): the
 * display text `$view`, the range ends `$start` / `$end`, the address parts. An enName holds no
 * `$`, so a key ending in one of these always belongs to the field named by the rest.
 */
export const COMPANION_SUFFIXES = ['$view', '$start', '$end', '$province', '$city', '$district'] as const;

/** One of COMPANION_SUFFIXES. */
export type CompanionSuffix = (typeof COMPANION_SUFFIXES)[number];

/**
 * The field enName a record key belongs to: `amount$view` → `amount`, `period$start` →
 * `period`, `amount` → `amount`. Used to drop a hidden field together with its companions.
 */
export function fieldNameOfKey(key: string): string {
  const at = key.lastIndexOf('$');
  if (at <= 0) return key;
  return (COMPANION_SUFFIXES as readonly string[]).includes(key.slice(at)) ? key.slice(0, at) : key;
}
