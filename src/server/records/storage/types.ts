/** The storage model of a form: which tables and typed columns its definition maps to. */
import type { CompanionSuffix } from '../../../../schema-adapters/index.js';

/**
 * The SQL shape of a column. `jsonb_list` is jsonb holding an array (multi-valued fields); one
 * choice is text (select, radio) or numeric (user, dept, relatedForm ids), ADR 1010. `jsonb`
 * (one JSON value) is what those were before migration 150 and is kept for old snapshots.
 */
export type ColumnKind = 'text' | 'numeric' | 'boolean' | 'date' | 'timestamp' | 'jsonb' | 'jsonb_list';

/** What a column holds for its field. */
export type ColumnRole = 'value' | 'view' | 'start' | 'end' | 'province' | 'city' | 'district';

/** One typed column of a form or sub-form table. */
export interface StorageColumn {
  /** Stable id of the field (kept across renames). */
  columnId: number;
  role: ColumnRole;
  /** The field's enName (the logical name); the row key is `field` + suffix of the role. */
  field: string;
  /** The field's label, for messages. */
  label?: string;
  /** Physical column name in the table. */
  name: string;
  kind: ColumnKind;
  /** Index the column gets: btree for equality/sort/range, trgm for `like` text search, gin for a choice list's "any of" (ADR 1010). */
  index: 'btree' | 'trgm' | 'gin' | null;
}

/** One table: the main form table (`columnId` 0) or a sub-form child table. */
export interface StorageTable {
  /** 0 for the main table, else the sub-form field's column id. */
  columnId: number;
  /** enName of the form (main) or of the sub-form field. */
  field: string;
  name: string;
  columns: StorageColumn[];
}

/** The stored storage snapshot of a form (kept beside its definition). */
export interface FormStorage {
  tables: StorageTable[];
  /** Columns and tables of removed fields, kept with their data under retired names. */
  retired: { columns: (StorageColumn & { table: number })[]; tables: StorageTable[] };
  /** Of a type-2 view built as a VIEW (storage/views.ts): its `tables[0]` is the VIEW, over these forms. */
  view?: { sources: { formId: number; enName: string }[] };
}

/**
 * The row-key suffix of each role (spec 01 §3.3: `$view`, `$start`, `$end`, address parts): the
 * adapter's COMPANION_SUFFIXES, each named for the column it stores.
 */
export const ROLE_SUFFIX: Record<ColumnRole, '' | CompanionSuffix> = {
  value: '',
  view: '$view',
  start: '$start',
  end: '$end',
  province: '$province',
  city: '$city',
  district: '$district',
};

/** The SQL type of each kind; text columns sort byte-wise so PGlite and PostgreSQL agree. */
export const KIND_SQL: Record<ColumnKind, string> = {
  text: 'text COLLATE "C"',
  numeric: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp(0)',
  jsonb: 'jsonb',
  jsonb_list: 'jsonb',
};
