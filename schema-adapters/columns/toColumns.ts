import type { FormDefinition } from '../definition/types';
import type { ColumnModel, ColumnOptions } from './columnModel';
import { fieldColumn } from './fieldColumn';
import { statusColumn, statusColumnShown } from './statusColumn';
import { actionColumnWidth, DEFAULT_COLUMN_WIDTH } from './widths';

/** Names of the buttons shown in each row (rightShow), for the 操作 column's width. */
export function rowActionNames(def: FormDefinition): string[] {
  return (def.buttons ?? []).filter((b) => b.rightShow).map((b) => b.name);
}

/**
 * The list's column model (spec 01 §2.2–2.3): one column per field that shows in a list (in
 * definition order; pcTableElements set visibility, width and the fixed side), virtual columns, the state
 * column 状态 unless hidden, and the row-action column 操作 when any button shows in rows.
 */
export function toColumns(def: FormDefinition, opts: ColumnOptions = {}): ColumnModel[] {
  const elements = new Map((def.feature?.pcTableElements ?? []).map((e) => [e.enName, e]));
  const totals = new Map((def.feature?.columnEvalList ?? []).map((e) => [e.enName, e.type]));
  const userWidths = new Map((opts.userColumns ?? []).map((c) => [c.enName, c.width]));
  const separator = opts.settings?.['sys.thousand.separator.enabled'];
  const thousandSeparator = separator === 'true' || separator === true;
  const columns: ColumnModel[] = [];
  for (const field of def.fields) {
    // A sysStatus field is the record's sys_status: the 状态 column (with its hide rules) shows it.
    if (field.funcType === 'sysStatus') continue;
    const column = fieldColumn(field, {
      element: elements.get(field.enName),
      userWidth: userWidths.get(field.enName),
      total: totals.get(field.enName),
      thousandSeparator,
      ctx: opts.ctx,
    });
    if (column) columns.push(column);
  }
  // firstNColumns: only the first N field columns show unless pcTableElements shows one explicitly.
  const firstN = def.firstNColumns;
  if (Number.isInteger(firstN) && (firstN as number) > 0) {
    columns.forEach((c, i) => {
      if (i >= (firstN as number) && elements.get(c.key)?.visible !== true) c.visible = false;
    });
  }
  for (const virtual of def.feature?.virtualColumns ?? []) {
    columns.push({
      key: virtual.enName,
      kind: 'virtual',
      header: virtual.cnName,
      width: userWidths.get(virtual.enName) ?? DEFAULT_COLUMN_WIDTH,
      cell: 'text',
      sortable: false,
      search: null,
      searchTypeRadio: false,
      searchRange: false,
      defaultSearchType: 'like',
      visible: elements.get(virtual.enName)?.visible !== false,
    });
  }
  // Per column (pcTableElements' fixed), then the leading count (the user's, else fixColumns) on the left.
  for (const c of columns) {
    const side = elements.get(c.key)?.fixed;
    if (side === 'left' || side === 'right') c.fixed = side;
  }
  const fixCount = opts.fixColumns ?? def.feature?.fixColumns ?? 0;
  columns.filter((c) => c.visible).slice(0, Math.max(0, Math.min(fixCount, columns.length))).forEach((c) => { c.fixed ??= 'left'; });
  if (statusColumnShown(def, opts)) {
    const status = statusColumn();
    if (userWidths.get('sys_status')) status.width = userWidths.get('sys_status') as number;
    columns.push(status);
  }
  const actionNames = opts.rowActionNames ?? rowActionNames(def);
  if (actionNames.length) {
    columns.push({
      key: '$actions',
      kind: 'actions',
      header: '操作',
      width: actionColumnWidth(actionNames),
      cell: 'actions',
      sortable: false,
      search: null,
      searchTypeRadio: false,
      searchRange: false,
      defaultSearchType: 'equal',
      visible: true,
      fixed: 'right',
    });
  }
  return columns;
}
