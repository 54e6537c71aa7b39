import type { FieldType } from '../definition/fieldTypes';
import type { CompanionSuffix } from '../definition/names';
import type { CellResult, ImportLookups, ImportedCell, SampleSource } from '../cells/cellTypes';
import type { Cell, ColumnStyle, StoredRow } from '../cells/spreadsheetText';
import type { FieldDefinition } from '../definition/types';

/** The nine families of field types; one file each under fieldTypes/. */
export type FieldFamily = 'text' | 'number' | 'choice' | 'date' | 'reference' | 'subform' | 'media' | 'layout' | 'special';

/** How a list cell renders a value; the client maps each name to a renderer. */
export type CellKind =
  | 'text' | 'number' | 'dict' | 'switch' | 'date' | 'dateRange' | 'time' | 'user' | 'dept' | 'related' | 'address'
  | 'files' | 'rate' | 'color' | 'qrCode' | 'button' | 'subForm' | 'status' | 'position' | 'company' | 'richText';

/** The column-search control of spec 01 §2.3. */
export type SearchKind =
  | 'text' | 'numberRange' | 'dateRange' | 'timeRange' | 'select' | 'cascader' | 'address' | 'user' | 'dept'
  | 'related' | 'status' | 'subForm';

/** A database column kind for the server's typed tables. */
export type StorageKind = 'text' | 'numeric' | 'integer' | 'boolean' | 'date' | 'timestamptz' | 'time' | 'jsonb';

/** One storage column a field needs; `suffix` is '' for the value itself, or `$view`, `$start`… */
export interface StoragePart {
  suffix: '' | CompanionSuffix;
  kind: StorageKind;
  multiValued: boolean;
}

/** Writes one submitted key: `suffix` '' is the field itself. */
export type PutValue = (suffix: StoragePart['suffix'], value: unknown) => void;

/** Everything the adapter knows about one funcType. */
export interface FieldTypeSpec {
  family: FieldFamily;
  /** `x-component` name the client registers (schema-adapters/README.md lists them). */
  component: string;
  /** Formily schema type; 'void' types carry no value. */
  schemaType: 'string' | 'number' | 'boolean' | 'array' | 'object' | 'void';
  /** `x-component-props` from the definition's properties. */
  props(field: FieldDefinition): Record<string, unknown>;
  /** List cell; null: the type is not a list column. */
  cell: CellKind | null;
  /** Whether the list offers sorting (spec 01 §2.2 names the types without). */
  sortable: boolean;
  search: SearchKind | null;
  /** Whether the like / equal radio (模糊搜索 / 精确搜索) applies. */
  searchTypeRadio: boolean;
  /** Whether the all / notNull / isNull radio (全部 / 已填 / 未填) applies. */
  searchRange: boolean;
  /** Whether records carry a `{field}$view` display companion (spec 01 §3.3). */
  hasView: boolean;
  /** The per-type default of spec 01 §3.4 (`undefined`: the record has no key for it). */
  defaultValue(field: FieldDefinition): unknown;
  /** Columns the server stores; empty for types without a value of their own. */
  storage(field: FieldDefinition): StoragePart[];
  /** Spreads a non-empty value into the submit payload (spec 01 §5 Submit). */
  submit(field: FieldDefinition, value: unknown, put: PutValue): void;
  /** Shape check of a non-empty value; a message (without the label) or null. */
  checkValue(field: FieldDefinition, value: unknown): string | null;
  /** What a value names that must exist in the tenant (the server checks it on every write), and its noun in messages. */
  references?: { target: 'user' | 'dept' | 'record'; noun: string };
  /** Export and print: one cell as the list shows it (spec 01 §2.2, §9). */
  exportCell(field: FieldDefinition, row: StoredRow): Cell;
  /** How an `.xlsx` column shows the cells; absent: text and plain numbers. */
  exportStyle?(field: FieldDefinition, thousands: boolean): ColumnStyle | null;
  /** Import: the record keys of a non-empty cell, or its problem; null: the type's cells are not imported. */
  importCell: ((field: FieldDefinition, cell: ImportedCell, lookups: ImportLookups) => CellResult) | null;
  /** A believable value for demo records, or undefined to leave the field empty. */
  sample(field: FieldDefinition, s: SampleSource): unknown;
}

/** Part of the registry: the specs of one family's types. */
export type FamilySpecs<K extends FieldType> = { [P in K]: FieldTypeSpec };
