import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types';
import { applyRecognized } from './applyRecognized';

const fields = [
  { enName: 'invoice_no', label: '发票号码', funcType: 'input' },
  { enName: 'invoice_date', label: '开票日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
  { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
  { enName: 'invoice_file', label: '发票文件', funcType: 'invoice' },
] as FieldDefinition[];

describe('recognised values onto same-name fields', () => {
  it('dates and numbers follow the scan rules; unknown keys and the asking field are ignored', () => {
    const patch = applyRecognized(fields, { invoice_no: 12345678, invoice_date: '2026年03月05日', amount: '¥1,234.50', buyer: '某公司', invoice_file: 'x' }, 'invoice_file');
    expect(patch).toEqual({ values: { invoice_no: '12345678', invoice_date: '2026-03-05', amount: 1234.5 }, warnings: [] });
  });
  it('an invalid date clears the field and gives the warning; a non-numeric amount is 0', () => {
    const patch = applyRecognized(fields, { invoice_date: '2026年13月01日', amount: '壹佰元' });
    expect(patch.values).toEqual({ invoice_date: null, amount: 0 });
    expect(patch.warnings).toEqual(['日期：2026年13月01日 非有效日期，请手动选择']);
  });
});
