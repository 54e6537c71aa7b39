/** zh-CN number display with the field's precision, the thousands-separator setting (spec 01 §2.2) and the suffix attached. Pure. */

const formats = new Map<string, Intl.NumberFormat>();

function formatter(precision: number | undefined, grouping: boolean): Intl.NumberFormat {
  const key = `${precision ?? 'x'}:${grouping}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('zh-CN', {
      useGrouping: grouping,
      minimumFractionDigits: precision ?? 0,
      maximumFractionDigits: precision ?? 10,
    });
    formats.set(key, f);
  }
  return f;
}

/** The display of a number value, or '' for an empty / non-numeric one. */
export function formatNumber(value: unknown, precision?: number, thousandSeparator = false, suffix?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  const text = formatter(precision, thousandSeparator).format(n);
  return suffix ? `${text}${suffix}` : text;
}
