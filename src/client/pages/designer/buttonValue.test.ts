import { describe, expect, it } from 'vitest';
import { toButtonValue, valueParts } from './buttonValue';

describe('a button value in the designer', () => {
  it('shows each stored value as its way and text, and writes it back unchanged', () => {
    for (const [value, parts, numeric] of [
      [{ expr: '${a} + 1' }, { way: 'expr', text: '${a} + 1' }, false],
      [null, { way: 'null', text: '' }, false],
      ['已审核', { way: 'fixed', text: '已审核' }, false],
      [0, { way: 'fixed', text: '0' }, true],
      [true, { way: 'fixed', text: 'true' }, false],
    ] as const) {
      expect(valueParts(value)).toEqual(parts);
      expect(toButtonValue(parts.way, parts.text, { numeric, previous: value })).toEqual(value);
    }
  });

  it('a fixed text stays text unless the field is numeric (or the value was a number) and it reads as one', () => {
    expect(toButtonValue('fixed', '12')).toBe('12');
    expect(toButtonValue('fixed', '12', { numeric: true })).toBe(12);
    expect(toButtonValue('fixed', '12x', { numeric: true })).toBe('12x');
    expect(toButtonValue('fixed', '', { numeric: true })).toBe('');
    expect(toButtonValue('fixed', '3.5', { previous: 1 })).toBe(3.5);
  });
});
