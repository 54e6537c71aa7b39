/** Row numbers of sub-form rows (spec 01 §3.3): top rows 1, 2, …; a child row of row 1 is 1-1, 1-2, …. */

/** The index label of every row, in order; rows whose `pid` names another row's `id` are its children. */
export function rowIndexes(rows: { id?: unknown; pid?: unknown }[]): string[] {
  const labelOf = new Map<string, string>();
  const childCount = new Map<string, number>();
  let top = 0;
  return rows.map((row) => {
    const parent = row.pid != null ? labelOf.get(String(row.pid)) : undefined;
    let label: string;
    if (parent !== undefined) {
      const n = (childCount.get(String(row.pid)) ?? 0) + 1;
      childCount.set(String(row.pid), n);
      label = `${parent}-${n}`;
    } else {
      top += 1;
      label = String(top);
    }
    if (row.id != null) labelOf.set(String(row.id), label);
    return label;
  });
}

/** Copies the values of an imported record into a new row: fields of the same name (with `$view`). */
export function importedRow(record: Record<string, unknown>, fieldNames: string[], defaults: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...defaults };
  for (const name of fieldNames) {
    if (record[name] !== undefined && record[name] !== null) row[name] = record[name];
    if (record[`${name}$view`] != null) row[`${name}$view`] = record[`${name}$view`];
  }
  return row;
}
