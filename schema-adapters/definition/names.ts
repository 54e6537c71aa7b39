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
