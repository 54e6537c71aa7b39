import type { FormDefinition } from '../definition/types';
import { SYS_STATUS_OPTIONS } from '../fieldTypes/special';
import type { ColumnModel, ColumnOptions } from './columnModel';

/**
 * Spec 01 §2.2: the 状态 column is hidden when sys.list.show.status is false, or a semicolon list
 * of form names that includes this form, or for type-2 views; an empty setting means shown.
 */
export function statusColumnShown(def: FormDefinition, opts?: ColumnOptions): boolean {
  if (Number(def.type) === 2) return false;
  if (opts?.showStatus === false) return false;
  const setting = opts?.settings?.['sys.list.show.status'];
  if (setting === false) return false;
  if (typeof setting === 'string') {
    const text = setting.trim();
    if (text === 'false') return false;
    if (text && text !== 'true' && text.split(';').map((s) => s.trim()).includes(def.enName)) return false;
  }
  return true;
}

/** The 状态 column: sys_status as a coloured description, filterable and sortable. */
export function statusColumn(): ColumnModel {
  return {
    key: 'sys_status',
    kind: 'status',
    header: '状态',
    width: 100,
    cell: 'status',
    sortable: true,
    search: 'status',
    searchTypeRadio: false,
    searchRange: false,
    defaultSearchType: 'equal',
    visible: true,
    options: SYS_STATUS_OPTIONS,
  };
}
