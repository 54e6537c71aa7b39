import type { ColorRule } from './cellColor';
import type { FieldType } from '../definition/fieldTypes';
import type { FieldOption } from '../definition/types';
import type { CellKind, SearchKind } from '../fieldTypes/fieldTypeSpec';

/** A column of the generated list (spec 01 §2.2–2.3), plain data for the table and its search popovers. */
export interface ColumnModel {
  /** Field enName; `sys_status` for the state column; `$actions` for the row-action column. */
  key: string;
  kind: 'field' | 'virtual' | 'status' | 'actions';
  header: string;
  funcType?: FieldType;
  width: number;
  /** The width is the default (no configured, no per-user width): a list may widen it to fit its values. */
  autoWidth?: boolean;
  cell: CellKind | 'actions';
  sortable: boolean;
  /** Column-search control; null: the column has no search popover. */
  search: SearchKind | null;
  /** Whether the like / equal radio (模糊搜索 / 精确搜索) appears. */
  searchTypeRadio: boolean;
  /** Whether the all / notNull / isNull radio (全部 / 已填 / 未填) appears. */
  searchRange: boolean;
  /** The searchType sent when the user does not choose one. */
  defaultSearchType: 'like' | 'equal';
  /** Row key of the display companion (spec 01 §3.3), for user, dept, related, select, cascader, position. */
  viewKey?: string;
  /** Row keys of a dateRange's ends. */
  rangeKeys?: [string, string];
  /** False when pcTableElements or a context-only hide condition hides the column. */
  visible: boolean;
  fixed?: 'left' | 'right';
  /** Footer total of columnEvalList. */
  total?: 'sum' | 'average' | 'both';
  precision?: number;
  suffix?: string;
  /** Spec 01 §2.2: thousands separator when sys.thousand.separator.enabled is 'true'. */
  thousandSeparator?: boolean;
  /** Definition date format (yyyy-MM-dd …). */
  format?: string;
  multiple?: boolean;
  /** Fixed options with colours (select, radio, checkbox, cascader, color, status). */
  options?: FieldOption[];
  /** Constant-list parent whose children are the options. */
  configDataId?: number | string;
  relateEnName?: string;
  buttonName?: string;
  linkUrl?: string;
  /** Import template: the field is required by default. */
  required?: boolean;
  /** Text colour rules of the cells (field `colorRules`; see cellColor). */
  colorRules?: ColorRule[];
  /** Sub-form columns. */
  children?: ColumnModel[];
}

/** Per-user table settings and system settings that shape the columns (spec 01 §2.2, §3.5). */
export interface ColumnOptions {
  /** System settings by key: `sys.list.show.status`, `sys.thousand.separator.enabled`. */
  settings?: Record<string, string | boolean | null | undefined>;
  /** Per-user column widths. */
  userColumns?: { enName: string; width?: number }[];
  /** Per-user showStatus; false hides the state column. */
  showStatus?: boolean;
  /** Per-user fixed leading column count (else feature.fixColumns). */
  fixColumns?: number;
  /** Names of the row-action buttons, when the caller knows them better than the definition (permissions). */
  rowActionNames?: string[];
  /** The current user: a hide condition over the user context alone (roles, user id) hides the column. */
  ctx?: import('../definition/types').UserContext;
}
