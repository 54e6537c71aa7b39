/** Pattern of form and field enNames (CONTRACT.md §4). */
export const EN_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** System columns of every form table; a field may not take these names (sys_status only as a sysStatus field). */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  'id', 'tenant_id', 'sys_status', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time',
  'update_by', 'update_time', 'version', 'parent_id', 'row_order', 'data_table',
]);
