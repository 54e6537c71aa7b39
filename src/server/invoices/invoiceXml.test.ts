import { describe, expect, it } from 'vitest';
import { SAMPLE_DIGITAL } from '../../../scripts/invoiceSamples/sampleInvoices.js';
import { invoiceXml } from './invoiceDocuments.js';
import { invoiceFromXml } from './invoiceXml.js';
import { parseXml } from './xmlTree.js';

describe('invoiceFromXml (全电 XML)', () => {
  it('reads type, number, date, amounts, both parties and the line items', () => {
    const inv = invoiceFromXml(invoiceXml(SAMPLE_DIGITAL));
    expect(inv).toMatchObject({
      typeCode: '31', typeName: '电子发票（增值税专用发票）', code: '', number: '23442000000014209621', date: '2023-02-15',
      amount: '8500.00', tax: '1085.00', total: '9585.00',
      seller: '某某建材贸易有限公司', sellerTaxNo: '91440101MA9YYYYY2B', buyer: '某某建设工程有限公司', buyerTaxNo: '91440300MA5FXXXX1A',
    });
    expect(inv?.items).toEqual([
      { name: '*黑色金属冶炼压延品*螺纹钢', spec: 'HRB400', unit: '吨', quantity: '2', price: '4000.00', amount: '8000.00', taxRate: '13%', tax: '1040.00' },
      { name: '*运输服务*运费', spec: undefined, unit: '次', quantity: '1', price: '500.00', amount: '500.00', taxRate: '9%', tax: '45.00' },
    ]);
  });

  it('an ordinary 全电 invoice is type 32; entities and a BOM are read', () => {
    const xml = '\uFEFF' + invoiceXml({ ...SAMPLE_DIGITAL, typeCode: '32', seller: { name: 'A&B 贸易', taxNo: '91440101MA9YYYYY2B' } });
    expect(invoiceFromXml(xml)).toMatchObject({ typeCode: '32', seller: 'A&B 贸易' });
  });

  it('answers null for other XML and for broken XML', () => {
    expect(invoiceFromXml('<order><id>1</id></order>')).toBeNull();
    expect(invoiceFromXml('<EInvoice><InvoiceNumber>23442000000014209621</EInvoice>')).toBeNull();
    expect(invoiceFromXml('not xml at all')).toBeNull();
  });
});

describe('parseXml', () => {
  it('drops namespace prefixes, reads CDATA and skips attributes, comments and declarations', () => {
    const root = parseXml('<?xml version="1.0"?><!-- c --><a:Root xmlns:a="x"><a:Item id="1"><![CDATA[<b>]]> &amp; &#x4E2D;</a:Item><Empty/></a:Root>');
    expect(root.name).toBe('Root');
    expect(root.children.map((c) => [c.name, c.text])).toEqual([['Item', '<b> & 中'], ['Empty', '']]);
  });
});
