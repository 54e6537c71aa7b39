import { describe, expect, it } from 'vitest';
import { computeZl, keptValues, nextDayNumber, stockInRecords } from './stockIn';

describe('stock-in rules', () => {
  it('zl is ksbl × zl_before to 2 decimals', () => {
    expect(computeZl(0.985, 1234.5)).toBe(1215.98);
    expect(computeZl(1, 10.005)).toBe(10.01);
    expect(computeZl(null, 5)).toBe(0);
  });
  it('the split (4532) makes two records with halved weights; the second takes the next day number', () => {
    const [a, b, c] = stockInRecords({ czfs: 4532, zl_before: 101.5, zl: 100.99, rbm: '0007', pz: '猪' });
    expect(c).toBeUndefined();
    expect(a).toMatchObject({ zl_before: 50.75, zl: 50.5, rbm: '0007', pz: '猪' });
    expect(b).toMatchObject({ zl_before: 50.75, zl: 50.5, rbm: '0008', pz: '猪' });
    expect(stockInRecords({ czfs: 4531, zl: 3 })).toEqual([{ czfs: 4531, zl: 3 }]);
  });
  it('keeps czfs, ksbl, ck and pz for the next entry', () => {
    expect(keptValues({ czfs: 4531, ksbl: 0.9, ck: '京A', pz: '牛', zl: 5, sl: 2 })).toEqual({ czfs: 4531, ksbl: 0.9, ck: '京A', pz: '牛' });
    expect(nextDayNumber('9')).toBe('10');
  });
});
