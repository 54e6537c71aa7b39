import { describe, expect, it } from 'vitest';
import { parseInvoiceQr } from './invoiceQr.js';
import { INVOICE_TYPE_CODES, INVOICE_TYPES } from '../../shared/invoiceTypes.js';

/** One QR text per type code of spec 02 §9, as issuers print them. */
const SAMPLES: Record<string, { text: string; code: string; number: string; amount: string; date: string; checkCode: string }> = {
  '01': { text: '01,01,1200154130,03630024,94339.62,20160621,,9335,', code: '1200154130', number: '03630024', amount: '94339.62', date: '2016-06-21', checkCode: '' },
  '03': { text: '01,03,144001900111,00912345,150442.48,20230301,,8A1C,', code: '144001900111', number: '00912345', amount: '150442.48', date: '2023-03-01', checkCode: '' },
  '04': { text: '01,04,3200191130,01234567,1000.00,20220110,12345678901234567890,77AB,', code: '3200191130', number: '01234567', amount: '1000.00', date: '2022-01-10', checkCode: '12345678901234567890' },
  '08': { text: '01,08,011002100311,00123456,5000,20211231,,C3D4,', code: '011002100311', number: '00123456', amount: '5000', date: '2021-12-31', checkCode: '' },
  '10': { text: '01,10,011001605111,80100798,64.9,20161018,85342965681116380258,', code: '011001605111', number: '80100798', amount: '64.9', date: '2016-10-18', checkCode: '85342965681116380258' },
  '11': { text: '01,11,044002000111,12345678,25.00,20200505,11223344556677889900,0F0F,', code: '044002000111', number: '12345678', amount: '25.00', date: '2020-05-05', checkCode: '11223344556677889900' },
  '14': { text: '01,14,033002000112,23456789,97.09,20230815,99887766554433221100,1A2B,', code: '033002000112', number: '23456789', amount: '97.09', date: '2023-08-15', checkCode: '99887766554433221100' },
  '15': { text: '01,15,044001900211,34567890,85000.00,20230410,,D00D,', code: '044001900211', number: '34567890', amount: '85000.00', date: '2023-04-10', checkCode: '' },
  '17': { text: '01,17,,310420231000012345-L01,12000.00,20230620,,BEEF,', code: '', number: '310420231000012345-L01', amount: '12000.00', date: '2023-06-20', checkCode: '' },
  '31': { text: '01,31,,23312000000012345678,8500.00,20230215,,74AE', code: '', number: '23312000000012345678', amount: '8500.00', date: '2023-02-15', checkCode: '' },
  '32': { text: '01,32,,23442000000014209621,112,20230215,,74AE', code: '', number: '23442000000014209621', amount: '112', date: '2023-02-15', checkCode: '' },
  '183': { text: '01,183,,24442000000000012345,176991.15,20240102,,55AA,', code: '', number: '24442000000000012345', amount: '176991.15', date: '2024-01-02', checkCode: '' },
  '185': { text: '01,185,,24112000000000054321,3000.00,20240303,,66BB,', code: '', number: '24112000000000054321', amount: '3000.00', date: '2024-03-03', checkCode: '' },
  '186': { text: '01,186,,24112000000000098765,45.50,20240404,,77CC,', code: '', number: '24112000000000098765', amount: '45.50', date: '2024-04-04', checkCode: '' },
};

describe('parseInvoiceQr', () => {
  it('covers the 14 type codes of spec 02 §9', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...INVOICE_TYPE_CODES].sort());
    expect(INVOICE_TYPE_CODES).toEqual(['01', '03', '04', '08', '10', '11', '14', '15', '17', '31', '32', '183', '185', '186']);
    expect(INVOICE_TYPE_CODES).toHaveLength(14);
  });

  it.each(Object.entries(SAMPLES))('type %s: code, number, amount, date, check code and the type name', (type, s) => {
    expect(parseInvoiceQr(s.text)).toEqual({ typeCode: type, typeName: INVOICE_TYPES[type], code: s.code, number: s.number, amount: s.amount, date: s.date, checkCode: s.checkCode });
  });

  it('a 全电 invoice has a 20-digit number and an empty code', () => {
    const qr = parseInvoiceQr('01,32,,23442000000014209621,112,20230215,,74AE');
    expect(qr).toMatchObject({ typeName: '电子发票（普通发票）', code: '', number: '23442000000014209621' });
  });

  it('a red-letter invoice keeps its negative amount; surrounding spaces are ignored', () => {
    expect(parseInvoiceQr(' 01,10,011001605111,80100798,-64.90,20161018,85342965681116380258,\n')).toMatchObject({ amount: '-64.90' });
  });

  it.each([
    ['another QR on the page', 'https://inv-veri.chinatax.gov.cn/'],
    ['an unknown type code', '01,99,011001605111,80100798,64.9,20161018,,'],
    ['a wrong leading field', '02,10,011001605111,80100798,64.9,20161018,,'],
    ['a 7-digit number', '01,10,011001605111,8010079,64.9,20161018,,'],
    ['a paper invoice without a code', '01,04,,80100798,64.9,20161018,,'],
    ['a 全电 invoice with a short number and no code', '01,32,,80100798,112,20230215,,'],
    ['a non-numeric amount', '01,10,011001605111,80100798,六十四,20161018,,'],
    ['an impossible date', '01,10,011001605111,80100798,64.9,20230230,,'],
    ['too few fields', '01,10,011001605111,80100798'],
  ])('refuses %s', (_what, text) => {
    expect(parseInvoiceQr(text)).toBeNull();
  });
});
