/**
 * Which form values a recognition answer sets. A recognised key fills the form's top-level field
 * of the same name (`invoice_no`, `amount`, `ethnicity`, …), unless the asking field's `mapping`
 * (spec 02 §3's `source:target` pairs, e.g. `invoice_type_code:invoice_type`) sends it elsewhere;
 * dates and numbers go through the scan rules of spec 01 §5 (`recognizedValues.ts`). Pure.
 */
import type { FieldDefinition } from '../../../../schema-adapters/definition/types';
import { recognizedDate, recognizedNumber } from './recognizedValues';

/** The values to set and the warnings to show (an invalid date clears its field and warns). */
export interface RecognizedPatch {
  values: Record<string, unknown>;
  warnings: string[];
}

/** A field's `mapping` as [source, target] pairs: `'a:b,c:d'` or `['a:b', 'c:d']`; malformed pairs are skipped. */
export function mappingPairs(mapping: unknown): [string, string][] {
  const list = Array.isArray(mapping) ? mapping : typeof mapping === 'string' ? mapping.split(/[,，;\n]/) : [];
  const out: [string, string][] = [];
  for (const item of list) {
    const [source, target, ...rest] = String(item).split(':').map((s) => s.trim());
    if (source && target && !rest.length) out.push([source, target]);
  }
  return out;
}

/** `data` under the target names of the asking field's mapping: a mapped key fills its target only. */
function mapped(data: Record<string, unknown>, pairs: [string, string][]): Record<string, unknown> {
  if (!pairs.length) return data;
  const out: Record<string, unknown> = {};
  const sources = new Set(pairs.map(([s]) => s));
  for (const [k, v] of Object.entries(data)) if (!sources.has(k)) out[k] = v;
  for (const [s, t] of pairs) if (s in data) out[t] = data[s];
  return out;
}

/** Maps recognised `data` onto `fields` (the field that asked, `self`, is left alone; its `mapping` applies). */
export function applyRecognized(fields: readonly FieldDefinition[], raw: Record<string, unknown>, self?: string): RecognizedPatch {
  const out: RecognizedPatch = { values: {}, warnings: [] };
  const asking = self === undefined ? undefined : fields.find((f) => f.enName === self);
  const data = mapped(raw, mappingPairs(asking?.mapping));
  for (const field of fields) {
    if (field.enName === self || !(field.enName in data)) continue;
    const raw = data[field.enName];
    if (raw === undefined || (raw !== null && typeof raw === 'object')) continue;
    if (field.funcType === 'dateStamp') {
      const d = recognizedDate(raw);
      out.values[field.enName] = d.value;
      if (d.warning) out.warnings.push(d.warning);
    } else if (field.funcType === 'number') {
      out.values[field.enName] = recognizedNumber(raw);
    } else {
      out.values[field.enName] = raw === null ? null : String(raw);
    }
  }
  return out;
}
