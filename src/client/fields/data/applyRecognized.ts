/**
 * Which form values a recognition answer sets. The adapter passes no field mapping, so a recognised
 * key fills the form's top-level field of the same name (`invoice_no`, `amount`, `ethnicity`, …);
 * dates and numbers go through the scan rules of spec 01 §5 (`recognizedValues.ts`). Pure.
 */
import type { FieldDefinition } from '../../../../schema-adapters/definition/types';
import { recognizedDate, recognizedNumber } from './recognizedValues';

/** The values to set and the warnings to show (an invalid date clears its field and warns). */
export interface RecognizedPatch {
  values: Record<string, unknown>;
  warnings: string[];
}

/** Maps recognised `data` onto `fields` (the field that asked, `self`, is left alone). */
export function applyRecognized(fields: readonly FieldDefinition[], data: Record<string, unknown>, self?: string): RecognizedPatch {
  const out: RecognizedPatch = { values: {}, warnings: [] };
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
