/**
 * A custom button's value (schema-adapters/buttons/buttonTypes.ts `ButtonValue`) as the designer
 * edits it: a way (固定值, 计算式, 空值) and a text. Pure, so the round trip is testable without React.
 */
import type { ButtonValue } from '../../../../schema-adapters/buttons/buttonTypes';

/** How a value is given. */
export type ValueWay = 'fixed' | 'expr' | 'null';

/** The ways in words. */
export const VALUE_WAYS: { label: string; value: ValueWay }[] = [
  { label: '固定值', value: 'fixed' },
  { label: '计算式', value: 'expr' },
  { label: '空值', value: 'null' },
];

/** The way and text a stored value shows as. */
export function valueParts(value: ButtonValue | undefined): { way: ValueWay; text: string } {
  if (value === null) return { way: 'null', text: '' };
  if (value !== undefined && typeof value === 'object') return { way: 'expr', text: value.expr };
  return { way: 'fixed', text: value === undefined ? '' : String(value) };
}

/**
 * The value for a way and a text. A fixed text becomes a number when the target is numeric (or
 * the value it replaces was one) and it reads as one, a yes/no when the value it replaces was one;
 * otherwise it stays text, as the JSON box would have held it.
 */
export function toButtonValue(way: ValueWay, text: string, opts: { numeric?: boolean; previous?: ButtonValue } = {}): ButtonValue {
  if (way === 'null') return null;
  if (way === 'expr') return { expr: text };
  const trimmed = text.trim();
  if ((opts.numeric || typeof opts.previous === 'number') && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (typeof opts.previous === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return text;
}
