/**
 * A field's spreadsheet and sample behaviour, asked of its type (fieldTypes/, one family per
 * file): the export cell and column style, the import of a cell, and a demo value.
 */
import type { FieldDefinition } from '../definition/types';
import { specOf } from '../fieldTypes/registry';
import type { CellResult, ImportLookups, SampleSource } from './cellTypes';
import { importedText, type Cell, type ColumnStyle, type StoredRow } from './spreadsheetText';

/** The export cell of `field` in a stored record, as the list shows it. */
export function exportCell(field: FieldDefinition, row: StoredRow): Cell {
  return specOf(field).exportCell(field, row);
}

/** The `.xlsx` column style of a field's cells, or null for the default (text, plain numbers). */
export function exportStyle(field: FieldDefinition, thousands: boolean): ColumnStyle | null {
  return specOf(field).exportStyle?.(field, thousands) ?? null;
}

/** The record keys one imported cell gives, or its problem; null for an empty cell or a type that is not imported. */
export function importCell(field: FieldDefinition, raw: unknown, lookups: ImportLookups): CellResult | null {
  const convert = specOf(field).importCell;
  if (!convert) return null;
  const text = importedText(raw);
  return text === '' ? null : convert(field, { raw, text }, lookups);
}

/** A believable demo value for the field, or undefined to leave it empty. */
export function sampleValue(field: FieldDefinition, s: SampleSource): unknown {
  return specOf(field).sample(field, s);
}
