import type { FieldType } from './fieldTypes';

/** One fixed option of a select / radio / checkbox / cascader (CONTRACT.md §4). */
export interface FieldOption {
  label: string;
  value: string | number | boolean;
  color?: string;
  backgroundColor?: string;
  icon?: string;
  children?: FieldOption[];
}

/** A column setting inside `feature.pcTableElements` (spec 01 §3.1). */
export interface TableElement {
  enName: string;
  visible?: boolean;
  width?: number;
  /** Keeps the column in view on sideways scrolling, at the list's left or right edge. */
  fixed?: 'left' | 'right';
}

/** A total in the list footer (spec 01 §3.1 columnEvalList). */
export interface ColumnEval {
  enName: string;
  type: 'sum' | 'average' | 'both';
}

/** Form-level features (spec 01 §3.1). */
export interface FormFeature {
  pcTableElements?: TableElement[];
  columnEvalList?: ColumnEval[];
  /** Extra list columns; `expr` (condition grammar, value form) gives each row's value (definition/views.ts). */
  virtualColumns?: { enName: string; cnName: string; expr?: string }[];
  formChecks?: { scene: string; [key: string]: unknown }[];
  fixColumns?: number;
  /** 'compact': smaller list rows (read through `formOptions`). */
  rowDensity?: 'compact' | 'default';
  /** 'stockInDrawer': 新增 opens the 白条入库 drawer (read through `formOptions`). */
  addMode?: 'page' | 'stockInDrawer';
  [key: string]: unknown;
}

/** A configured button (spec 01 §3.1). */
export interface FormButton {
  id: number | string;
  name: string;
  sysAction?: string;
  info?: string;
  topShow?: boolean;
  rightShow?: boolean;
  rightShowCon?: string;
  /** Declarative steps of a custom button (buttons/buttonTypes.ts, docs/forms.md). */
  actions?: unknown;
  /** Pre-check rules of a custom button (buttons/buttonTypes.ts). */
  checks?: unknown;
  unSelectedActionable?: boolean;
  /** 'none' | 'single' | 'multiple': which selection enables a top button. */
  selection?: 'none' | 'single' | 'multiple';
}

/** A field of a form definition (spec 01 §3.2). Unknown extra keys are kept but ignored. */
export interface FieldDefinition {
  enName: string;
  label: string;
  funcType: FieldType;
  tag?: string;
  required?: boolean;
  requiredCon?: string;
  isShow?: boolean;
  visible?: boolean;
  hideCondition?: string;
  disabled?: boolean;
  disabledCon?: string;
  detailEditable?: boolean;
  defaultType?: 'fix' | 'other' | string;
  defaultValue?: unknown;
  span?: number;
  placeholder?: string;
  format?: string;
  relateFilter?: unknown;
  relate2Current?: unknown;
  relateHeadFilter?: unknown;
  relateField?: string;
  relateEnName?: string;
  linkUrl?: string;
  buttonName?: string;
  fixLength?: number;
  fixLengthTips?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  precision?: number;
  suffix?: string;
  multiple?: boolean;
  filterable?: boolean;
  selectMode?: number;
  configDataId?: number | string;
  options?: FieldOption[];
  parentOrg?: unknown;
  type?: string | number;
  accept?: string;
  width?: number;
  conditions?: unknown;
  children?: FieldDefinition[];
  tableColumns?: unknown;
  subFormFeature?: { pcTableElements?: TableElement[]; enableExportFile?: boolean; [key: string]: unknown };
  currentDept?: boolean;
  currentTime?: boolean;
  currentUser?: boolean;
  currentPos?: boolean;
  /** Search behaviour in the list (spec 01 §2.3); the adapter derives a default per type. */
  searchType?: 'like' | 'equal';
  [key: string]: unknown;
}

/** A form definition as returned for a form name (spec 01 §3.1, CONTRACT.md §4). */
export interface FormDefinition {
  id?: number | string;
  enName: string;
  cnName: string;
  /** 2 = a non-flow view over combined ids `form id@data_table`. */
  type?: number;
  /** Of a type-2 view: its source forms and column mapping (definition/views.ts ViewSpec). */
  view?: { sources: string[]; columns: Record<string, Record<string, string | null>> };
  hasFlow?: boolean;
  fields: FieldDefinition[];
  buttons?: FormButton[];
  feature?: FormFeature;
  firstNColumns?: number;
  /** Tree-shaped forms keep a parent record id in `pid`. */
  tree?: boolean;
  [key: string]: unknown;
}

/** The current user's context for conditions and defaults (CONTRACT.md §6). */
export interface UserContext {
  userId: number | string;
  userName: string;
  nickName?: string;
  deptId: number | string | null;
  roleKeys: string[];
  roleNames: string[];
  companyId?: number | string | null;
  /** 'lon,lat' of the current position, when the browser knows it (currentPos). */
  position?: string | null;
}

/** One problem of a definition: a path like `fields[2].children[0].hideCondition`, and a Chinese message. */
export interface DefinitionProblem {
  path: string;
  message: string;
}

/** Record status (spec 01 §4). */
export const SYS_STATUS = { approved: 1, inProcess: 0, draft: -1, voided: -2 } as const;
