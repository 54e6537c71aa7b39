/**
 * Sub-form sheets of an import (spec 01 §2.5 sub-form templates; issue 14). Every sheet after
 * the first whose first column is 主表序号 holds rows of one sub-form, keyed by the main record's
 * ordinal in the main sheet (1 = the first row under the header), the layout the export writes.
 * They are read before the main sheet is checked, so each record is judged with its sub-rows by
 * the adapter, exactly as a record saved from the form page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { FileStore } from '../../files/fileStore.js';
import { tableRows } from './tableSource.js';
import { type ImportResolver, type Problem } from './importValues.js';
import { importedText } from '../../../../schema-adapters/cells/spreadsheetText.js';

/** The first column of a sub-form sheet. */
export const PARENT_COLUMN = '主表序号';

/** One importable sub-form: its enName, label and the child fields its template offers. */
export interface ImportSub {
  name: string;
  label: string;
  fields: FieldDefinition[];
}

/** One sub-row read from a sheet, converted to record keys. */
export interface SubRow {
  sub: ImportSub;
  sheetRow: number;
  cells: unknown[];
  fields: (FieldDefinition | null)[];
  data: Record<string, unknown>;
}

/** The sub-rows of a file by main ordinal, the problems found reading them, and how many there are. */
export interface SubSheets {
  byParent: Map<number, SubRow[]>;
  problems: Problem[];
  count: number;
}

/** The report's column for a cell of a sub-form sheet: 明细-品名, as the export's by-line headers. */
export const subColumn = (sub: ImportSub, label: string): string => `${sub.label}-${label}`;

const headerText = (v: unknown) => importedText(v).replace(/^\*/, '');

/** The sub-form a sheet holds: the one whose child columns its header names most (its sheet name breaks ties). */
function matchSheet(header: unknown[], name: string | null, subs: ImportSub[]): { sub: ImportSub; fields: (FieldDefinition | null)[] } | null {
  if (headerText(header[0]) !== PARENT_COLUMN) return null;
  let best: { sub: ImportSub; fields: (FieldDefinition | null)[]; score: number } | null = null;
  for (const sub of subs) {
    const byText = new Map<string, FieldDefinition>();
    for (const f of sub.fields) { byText.set(f.enName, f); byText.set(f.label, f); }
    const used = new Set<string>();
    const fields = header.slice(1).map((h) => {
      const f = byText.get(headerText(h)) ?? null;
      if (!f || used.has(f.enName)) return null;
      used.add(f.enName);
      return f;
    });
    const score = used.size * 2 + (name === sub.label || name === sub.name ? 1 : 0);
    if (used.size && (!best || score > best.score)) best = { sub, fields, score };
  }
  return best;
}

/** A positive whole number in a 主表序号 cell, or null. */
function ordinalOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : Number(importedText(v));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Reads every sub-form sheet of the file (the main sheet is skipped) and converts its rows. */
export async function readSubSheets(db: Kysely<Database>, store: FileStore, key: string, kind: 'xlsx' | 'xls', subs: ImportSub[], resolver: ImportResolver, inflated?: number): Promise<SubSheets> {
  const problems: Problem[] = [];
  const raw: { sub: ImportSub; fields: (FieldDefinition | null)[]; sheetRow: number; cells: unknown[]; parent: number }[] = [];
  let sheet = -1;
  let current: { sub: ImportSub; fields: (FieldDefinition | null)[] } | null = null;
  let rowNo = 0;
  for await (const r of await tableRows(store, key, kind, true, inflated)) {
    if (r.sheet === 0) continue;
    if (r.sheet !== sheet) {
      sheet = r.sheet;
      rowNo = 1;
      current = matchSheet(r.cells, r.name, subs);
      if (!current) {
        problems.push({
          row: 1, column: r.name ?? `第${sheet + 1}个工作表`, value: headerText(r.cells[0]),
          message: `无法识别的工作表：首列须为“${PARENT_COLUMN}”，其余列须为子表单的列`,
        });
      }
      continue;
    }
    rowNo++;
    if (!current || !r.cells.some((c) => importedText(c) !== '')) continue;
    const parent = ordinalOf(r.cells[0]);
    if (parent === null) {
      problems.push({ row: rowNo, column: subColumn(current.sub, PARENT_COLUMN), value: importedText(r.cells[0]), message: `「${PARENT_COLUMN}」须为主表数据的序号（正整数）` });
      continue;
    }
    raw.push({ ...current, sheetRow: rowNo, cells: r.cells.slice(1), parent });
  }
  // Related records are looked up once for all sub-rows, then each cell is converted.
  for (const sub of subs) {
    for (const f of sub.fields) {
      if (f.funcType !== 'relatedForm') continue;
      const labels = new Set(raw.filter((x) => x.sub === sub).map((x) => importedText(x.cells[x.fields.indexOf(f)])).filter(Boolean));
      await resolver.prepareRelated(db, f, labels);
    }
  }
  const byParent = new Map<number, SubRow[]>();
  for (const x of raw) {
    const data: Record<string, unknown> = {};
    let bad = false;
    x.fields.forEach((f, i) => {
      if (!f) return;
      const out = resolver.convert(f, x.cells[i]);
      if (!out) return;
      if ('error' in out) { bad = true; problems.push({ row: x.sheetRow, column: subColumn(x.sub, f.label), value: importedText(x.cells[i]), message: out.error }); }
      else Object.assign(data, out.values);
    });
    if (bad) continue;
    const list = byParent.get(x.parent) ?? [];
    list.push({ sub: x.sub, sheetRow: x.sheetRow, cells: x.cells, fields: x.fields, data });
    byParent.set(x.parent, list);
  }
  return { byParent, problems, count: raw.length };
}

/** Sub-rows that name a main ordinal the main sheet does not have. */
export function orphanProblems(sheets: SubSheets, mainOrdinals: Set<number>): Problem[] {
  const out: Problem[] = [];
  for (const [parent, rows] of sheets.byParent) {
    if (mainOrdinals.has(parent)) continue;
    for (const r of rows) out.push({ row: r.sheetRow, column: subColumn(r.sub, PARENT_COLUMN), value: String(parent), message: `主表中没有序号为 ${parent} 的数据` });
  }
  return out;
}
