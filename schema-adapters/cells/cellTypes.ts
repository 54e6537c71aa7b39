/**
 * The contracts a field type's spreadsheet and sample behaviour is written against: what an
 * imported cell gives, the lookups an import provides (the server loads them per tenant), and
 * the source of sample values (the demo seed's pools and vocabulary).
 */
import type { FieldDefinition } from '../definition/types';

/** What one imported cell gives: record keys (value, `$start`/`$end`, `$view`) or a problem message. */
export type CellResult = { values: Record<string, unknown> } | { error: string };

/** One imported cell: the raw value the reader gave (a Date for spreadsheet dates) and its text. */
export interface ImportedCell {
  raw: unknown;
  /** `importedText(raw)`, never empty (empty cells give nothing and reach no type). */
  text: string;
}

/** An entry a label names: the stored id and the label to keep as `$view`. */
export interface LabelHit {
  id: unknown;
  label: string;
}

/**
 * The tenant's names an import resolves labels against, loaded before the first row. Each
 * answer is a hit or the Chinese problem for the error report (unknown or ambiguous label).
 */
export interface ImportLookups {
  /** The option, constant, user or department `label` names for `field`. */
  one(field: FieldDefinition, label: string): LabelHit | string;
  /** The place called `name` under `parent` (1: the country), or null when none or several. */
  place(parent: number, name: string): number | null;
  /** The related record `label` names: its id, null when none, undefined when several. */
  related(field: FieldDefinition, label: string): number | null | undefined;
}

/** Where sample values come from: a deterministic random source, the row's index, and pools of ids. */
export interface SampleSource {
  /** Deterministic, in [0, 1). */
  random(): number;
  /** The row's index within its form (numbers and codes count with it). */
  index: number;
  /** Believable text for a text field from the label (the seed's vocabulary). */
  text(field: FieldDefinition): string;
  /** The values a choice field may hold: its fixed options, or its constant list's ids. */
  choices(field: FieldDefinition): unknown[];
  userIds: number[];
  deptIds: number[];
  /** Ids of the records of a form (for related-form fields). */
  records(formName: string): number[];
  /** [province, city, district] address ids. */
  addresses: number[][];
}

/** One of `xs` chosen by the source. */
export function pickFrom<T>(s: SampleSource, xs: readonly T[]): T {
  return xs[Math.floor(s.random() * xs.length)];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in 2025–2026 (`yyyy-MM-dd`). */
export function sampleDate(s: SampleSource): string {
  return `202${5 + Math.floor(s.random() * 2)}-${pad(1 + Math.floor(s.random() * 12))}-${pad(1 + Math.floor(s.random() * 28))}`;
}

/** `day` with a working-hours time when the field's format has hours. */
export function withSampleTime(field: FieldDefinition, s: SampleSource, day: string): string {
  return /H/.test(String(field.format ?? '')) ? `${day} ${pad(8 + Math.floor(s.random() * 10))}:${pad(Math.floor(s.random() * 60))}:00` : day;
}

/** One id of a pool, a list of one when the field is multiple; undefined for an empty pool. */
export function sampleOneOf(field: FieldDefinition, s: SampleSource, ids: readonly unknown[]): unknown {
  if (!ids.length) return undefined;
  const id = pickFrom(s, ids);
  return field.multiple ? [id] : id;
}
