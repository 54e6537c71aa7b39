import type { FormDefinition, UserContext } from '../../../schema-adapters/definition/types';
import { toSubmitPayload } from '../../../schema-adapters/records/toSubmitPayload';
import { isEmpty } from '../../../schema-adapters/records/values';

type Row = Record<string, unknown>;

/** Puts null under every key `withEmpty` empties that the saved row held a value for and `out` does not name. */
function addCleared(out: Row, withEmpty: Row, saved: Row): void {
  for (const [key, value] of Object.entries(withEmpty)) {
    if (value === null && !(key in out) && !isEmpty(saved[key])) out[key] = null;
  }
}

/**
 * The payload of an edit: spec 01 §5's submit payload (empty values dropped), plus null for each
 * value the saved record had and the user has emptied. The server keeps what a payload does not
 * name, so without the nulls a field the user cleared would silently keep its old value. Values
 * that were already empty stay out, as §5 says; sub-form rows are matched to the saved rows by id.
 */
export function editPayload(def: FormDefinition, values: Row, ctx: UserContext, saved: Row | undefined): Row {
  const data = toSubmitPayload(def, values, ctx);
  if (!saved) return data;
  const withEmpty = toSubmitPayload(def, values, ctx, { updateEmpty: true });
  addCleared(data, withEmpty, saved);
  for (const sub of def.fields) {
    const rows = data[sub.enName];
    const rowsWithEmpty = withEmpty[sub.enName];
    const savedRows = saved[sub.enName];
    if (sub.funcType !== 'subForm' || !Array.isArray(rows) || !Array.isArray(rowsWithEmpty) || !Array.isArray(savedRows)) continue;
    const byId = new Map((savedRows as Row[]).filter((r) => r?.id != null).map((r) => [String(r.id), r]));
    (rows as Row[]).forEach((row, i) => {
      const savedRow = row.id != null ? byId.get(String(row.id)) : undefined;
      if (savedRow) addCleared(row, rowsWithEmpty[i] as Row, savedRow);
    });
  }
  return data;
}
