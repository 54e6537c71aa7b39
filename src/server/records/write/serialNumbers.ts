/**
 * Serial-number fields: `format` is a pattern such as `HT-{yyyyMMdd}-{seq:4}` (default
 * `{prefix}{yyyyMMdd}{seq:4}`). The sequence counts per form, field and everything the pattern
 * renders before it (so a dated pattern restarts each day), taken atomically from
 * serial_counters inside the record's transaction.
 */
import type { Kysely } from 'kysely';
import { takeSerialNumber } from '../repositories/serialCounters.js';
import type { Database } from '../../db/types.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The pattern of a serial-number field. */
export function serialPattern(field: FieldDefinition): string {
  const fmt = typeof field.format === 'string' && field.format.includes('{seq') ? field.format : null;
  return fmt ?? `${typeof field.prefix === 'string' ? field.prefix : ''}{yyyyMMdd}{seq:4}`;
}

/** Renders the date tokens of a pattern; `{seq…}` is left for the counter. */
export function renderDateTokens(pattern: string, now: Date): string {
  const y = now.getFullYear();
  const tokens: Record<string, string> = {
    yyyyMMdd: `${y}${pad(now.getMonth() + 1)}${pad(now.getDate())}`,
    yyyyMM: `${y}${pad(now.getMonth() + 1)}`,
    yyyy: String(y),
    yy: String(y).slice(2),
    MM: pad(now.getMonth() + 1),
    dd: pad(now.getDate()),
  };
  return pattern.replace(/\{(yyyyMMdd|yyyyMM|yyyy|yy|MM|dd)\}/g, (_, k: string) => tokens[k]);
}

/** Takes the next number of the field's sequence and returns the rendered serial. */
export async function nextSerial(trx: Kysely<Database>, tenantId: number, formId: number, field: FieldDefinition, now = new Date()): Promise<string> {
  const rendered = renderDateTokens(serialPattern(field), now);
  const period = rendered.replace(/\{seq(?::\d+)?\}/g, '#');
  const n = await takeSerialNumber(trx, tenantId, formId, Number(field.columnId), period);
  return rendered.replace(/\{seq(?::(\d+))?\}/g, (_, w?: string) => pad(n, Math.min(Number(w ?? 4), 12)));
}
