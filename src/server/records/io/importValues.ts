/**
 * Cells of an import turned into record values (spec 01 §7 importData): labels of options and
 * constants, user and department names, related records' labels and place names become ids on
 * the server; the `$view` companions are the labels the file gave. A cell that names nothing
 * known is a problem for the error report, never a guess.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition, FieldOption } from '../../../../schema-adapters/definition/types.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { allPlaces, constantTree, recordsByLabel, tenantDepts, tenantUsers } from '../repositories/lookups.js';
import { tenantSchema } from '../storage/names.js';
import { RANGE_SEPARATOR, unneutralise } from './cellText.js';

/** One problem of the error report: spreadsheet row, column label, the cell, the message. */
export interface Problem {
  row: number;
  column: string;
  value: string;
  message: string;
}

/** What one cell gives: record keys (value, `$start`/`$end`, `$view`) or an error message. */
export type CellResult = { values: Record<string, unknown> } | { error: string };

/** Field types whose cells are not imported (files cannot travel inside a table). */
const SKIPPED = new Set(['upload', 'idCard', 'invoice', 'qrCode', 'button', 'color', 'groupTitle', 'divider', 'serialNumber', 'subForm', 'sysStatus']);

const LIST_SPLIT = /\s*[,，]\s*/;

/** Text of a cell as the user sees it. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '').replace(/ 00:00:00$/, '');
  return unneutralise(String(v)).trim();
}

/** Label → the entries it names (one, or several when ambiguous). */
export type Lookup = Map<string, { id: unknown; label: string }[]>;

function addTo(map: Lookup, key: string, entry: { id: unknown; label: string }) {
  const list = map.get(key) ?? [];
  if (!list.some((e) => String(e.id) === String(entry.id))) list.push(entry);
  map.set(key, list);
}

function optionTree(options: FieldOption[] | undefined, out: Lookup, path: FieldOption[] = []): void {
  for (const o of options ?? []) {
    addTo(out, o.label, { id: o.value, label: o.label });
    optionTree(o.children, out, [...path, o]);
  }
}

/** Resolves labels to ids for one import (tenant-scoped lookups, loaded once per field). */
export class ImportResolver {
  private readonly lookups = new Map<string, Lookup>();
  private readonly related = new Map<string, Map<string, unknown>>();

  constructor(private readonly tenantId: number) {}

  /** The loaded lookups, to hand to the import's worker thread (a structured clone keeps the Maps). */
  lookupTables(): Map<string, Lookup> {
    return this.lookups;
  }

  /** A resolver over lookups loaded elsewhere (`lookupTables`), for a worker thread without a connection. */
  static withLookups(tenantId: number, lookups: Map<string, Lookup>): ImportResolver {
    const r = new ImportResolver(tenantId);
    for (const [k, v] of lookups) r.lookups.set(k, v);
    return r;
  }

  /** Loads what `fields` need (users, departments, constants, places) before any row is read. */
  async prepare(db: Kysely<Database>, fields: FieldDefinition[]): Promise<void> {
    for (const f of fields) {
      const key = this.lookupKey(f);
      if (!key || this.lookups.has(key)) continue;
      const map: Lookup = new Map();
      if (f.funcType === 'user') {
        for (const u of await tenantUsers(db, this.tenantId)) { addTo(map, u.nickName, { id: u.id, label: u.nickName }); addTo(map, u.userName, { id: u.id, label: u.nickName }); }
      } else if (f.funcType === 'dept') {
        for (const d of await tenantDepts(db, this.tenantId)) addTo(map, d.name, { id: d.id, label: d.name });
      } else if (f.funcType === 'address') {
        // Keyed by parent and name: a place name is unique only under its parent.
        for (const p of await allPlaces(db)) addTo(map, `${p.parentId}/${p.name}`, { id: p.id, label: p.name });
      } else if (f.options?.length || !f.configDataId) {
        optionTree(f.options, map);
      } else {
        for (const c of await constantTree(db, this.tenantId, Number(f.configDataId))) addTo(map, c.name, { id: c.id, label: c.name });
      }
      this.lookups.set(key, map);
    }
  }

  /** Looks up the related records a batch of rows names (`labels` per relatedForm field). */
  async prepareRelated(db: Kysely<Database>, field: FieldDefinition, labels: Set<string>): Promise<void> {
    const cache = this.related.get(field.enName) ?? new Map<string, unknown>();
    this.related.set(field.enName, cache);
    const missing = [...labels].filter((l) => !cache.has(l));
    if (!missing.length || !field.relateEnName) return;
    const form = await findFormByName(db, this.tenantId, String(field.relateEnName));
    const main = form?.storage.tables[0];
    if (!form || !main) return;
    const key = field.relateField ?? form.definition.fields.find((x) => x.funcType === 'input')?.enName;
    const col = main.columns.find((c) => c.field === key && c.role === 'view') ?? main.columns.find((c) => c.field === key && c.role === 'value');
    const rows = await recordsByLabel(db, { schema: tenantSchema(this.tenantId), table: main.name, labelColumn: col?.name ?? null }, this.tenantId, missing);
    for (const m of missing) cache.set(m, null);
    const seen = new Set<string>();
    for (const row of rows) {
      // Two records with one label: the cell is ambiguous.
      cache.set(row.name, seen.has(row.name) ? undefined : Number(row.id));
      seen.add(row.name);
    }
  }

  private lookupKey(f: FieldDefinition): string | null {
    switch (f.funcType) {
      case 'user': return 'users';
      case 'dept': return 'depts';
      case 'address': return 'addresses';
      case 'select': case 'radio': case 'checkbox': case 'cascader': return `options:${f.enName}`;
      default: return null;
    }
  }

  private one(f: FieldDefinition, label: string): { id: unknown; label: string } | string {
    const list = this.lookups.get(this.lookupKey(f)!)?.get(label) ?? [];
    if (list.length === 1) return list[0];
    if (!list.length) {
      if (f.funcType === 'user') return `用户“${label}”不存在`;
      if (f.funcType === 'dept') return `部门“${label}”不存在`;
      return `「${f.label}」没有选项“${label}”`;
    }
    return `“${label}”对应多个${f.funcType === 'user' ? '用户' : f.funcType === 'dept' ? '部门' : '选项'}，无法确定`;
  }

  /** The record keys of one cell, or its problem; an empty cell gives nothing. */
  convert(f: FieldDefinition, raw: unknown): CellResult | null {
    if (SKIPPED.has(f.funcType)) return null;
    const name = f.enName;
    if (raw instanceof Date && (f.funcType === 'dateStamp' || f.funcType === 'dateRange')) {
      const iso = raw.toISOString();
      return { values: { [name]: iso.slice(11, 19) === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}` } };
    }
    const text = cellText(raw);
    if (text === '') return null;
    switch (f.funcType) {
      case 'number':
      case 'rate': {
        const n = typeof raw === 'number' ? raw : Number(text.replace(/,/g, ''));
        if (!Number.isFinite(n) || !/^[-+]?[\d,]*\.?\d+(e[-+]?\d+)?$/i.test(text)) return { error: `「${f.label}」须为数字` };
        return { values: { [name]: n } };
      }
      case 'switch': {
        if (['是', 'true', 'TRUE', '1', 'Y', 'y'].includes(text)) return { values: { [name]: true } };
        if (['否', 'false', 'FALSE', '0', 'N', 'n'].includes(text)) return { values: { [name]: false } };
        return { error: `「${f.label}」须为“是”或“否”` };
      }
      case 'dateRange': {
        const parts = text.split(/\s*(?:~|至)\s*/);
        if (parts.length !== 2) return { error: `「${f.label}」须为“开始${RANGE_SEPARATOR}结束”` };
        return { values: { [`${name}$start`]: parts[0] || null, [`${name}$end`]: parts[1] || null } };
      }
      case 'user': case 'dept': case 'select': case 'radio': case 'checkbox': {
        const labels = f.multiple || f.funcType === 'checkbox' ? text.split(LIST_SPLIT).filter(Boolean) : [text];
        const found = labels.map((l) => this.one(f, l));
        const bad = found.find((x): x is string => typeof x === 'string');
        if (bad) return { error: bad };
        const hits = found as { id: unknown; label: string }[];
        const multi = f.multiple || f.funcType === 'checkbox';
        return { values: { [name]: multi ? hits.map((h) => h.id) : hits[0].id, [`${name}$view`]: hits.map((h) => h.label).join(',') } };
      }
      case 'cascader': {
        const paths = (f.multiple ? text.split(LIST_SPLIT) : [text]).map((p) => p.split(/\s*\/\s*/));
        const ids: unknown[][] = [];
        for (const path of paths) {
          const ids1: unknown[] = [];
          for (const l of path) {
            const hit = this.one(f, l);
            if (typeof hit === 'string') return { error: hit };
            ids1.push(hit.id);
          }
          ids.push(ids1);
        }
        return { values: { [name]: f.multiple ? ids : ids[0], [`${name}$view`]: paths.map((p) => p.join('/')).join(',') } };
      }
      case 'address': {
        const names = text.split(/\s*\/\s*/);
        const ids: number[] = [];
        let parent = 1;
        for (const n of names) {
          const list = this.lookups.get('addresses')?.get(`${parent}/${n}`) ?? [];
          if (list.length !== 1) return { error: `「${f.label}」地址“${text}”不存在` };
          ids.push(Number(list[0].id));
          parent = Number(list[0].id);
        }
        return { values: { [name]: ids, [`${name}$view`]: names.join('/') } };
      }
      case 'relatedForm': {
        const id = this.related.get(name)?.get(text);
        if (id === undefined) return { error: `「${f.label}」中“${text}”对应多条记录，无法确定` };
        if (id === null) return { error: `「${f.label}」中“${text}”不存在` };
        return { values: { [name]: id, [`${name}$view`]: text } };
      }
      default:
        return { values: { [name]: text } };
    }
  }
}
