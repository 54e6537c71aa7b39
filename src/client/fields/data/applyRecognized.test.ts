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
  it('the asking field\'s source:target mapping sends a key to another field (spec 02 §3); the rules still apply', () => {
    const withMapping = [
      ...fields.filter((f) => f.enName !== 'invoice_file'),
      { enName: 'invoice_type', label: '发票类型', funcType: 'select' },
      { enName: 'paid_on', label: '付款日期', funcType: 'dateStamp' },
      { enName: 'invoice_file', label: '发票文件', funcType: 'invoice', mapping: 'invoice_type_code:invoice_type, invoice_date:paid_on，bogus' },
    ] as FieldDefinition[];
    const patch = applyRecognized(withMapping, { invoice_type_code: '31', invoice_date: '2026年3月5日', invoice_no: '24332000000000000001' }, 'invoice_file');
    expect(patch.values).toEqual({ invoice_type: '31', paid_on: '2026-03-05', invoice_no: '24332000000000000001' });
    expect(applyRecognized(withMapping, { invoice_date: '2026年2月30日' }, 'invoice_file')).toEqual({ values: { paid_on: null }, warnings: ['日期：2026年2月30日 非有效日期，请手动选择'] });
  });
});
