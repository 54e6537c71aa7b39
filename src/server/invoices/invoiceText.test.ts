import { describe, expect, it } from 'vitest';
import { invoiceFromText, textLines, type TextItem } from './invoiceText.js';

const at = (str: string, x: number, y: number, width = str.length * 9): TextItem => ({ str, x, y, width, page: 1 });

describe('invoiceFromText', () => {
  it('groups items into lines by baseline, top to bottom, left to right', () => {
    const lines = textLines([at('b', 100, 300), at('c', 10, 200), at('a', 10, 301), at(' ', 50, 300)]);
    expect(lines.map((l) => l.map((i) => i.str).join('|'))).toEqual(['a|b', 'c']);
  });

  it('reads spaced labels, a wrapped item name and items split into several runs', () => {
    const inv = invoiceFromText([
      at('增值税专用发票', 200, 400),
      at('发 票 代 码 ：', 400, 380), at('1200154130', 470, 380),
      at('发票号码：03630024', 400, 366),
      at('开票日期：2016 年 06 月 21 日', 400, 352),
      at('名 称：', 40, 330), at('甲建设有限公司', 80, 330),
      at('纳税人识别号：', 40, 316), at('91110000100000001A', 110, 316),
      at('货物或应税劳务、服务名称', 20, 262), at('规格型号', 170, 262), at('单位', 230, 262), at('数量', 270, 262),
      at('单价', 310, 262), at('金额', 370, 262), at('税率', 440, 262), at('税额', 500, 262),
      at('*建筑服务*钢结构工程', 20, 248), at('项', 230, 248), at('1', 272, 248), at('94339.62', 300, 248), at('94339.62', 360, 248), at('9%', 442, 248), at('8490.57', 490, 248),
      at('施工', 20, 234),
      at('合      计', 40, 150), at('￥94,339.62', 360, 150), at('￥8,490.57', 490, 150),
      at('价税合计（大写）', 20, 132), at('（小写）￥102,830.19', 420, 132),
      at('名 称：', 40, 110), at('乙钢构有限公司', 80, 110),
      at('纳税人识别号：', 40, 96), at('91110000100000002B', 110, 96),
    ]);
    expect(inv).toEqual({
      typeCode: '01', typeName: '增值税专用发票', code: '1200154130', number: '03630024', date: '2016-06-21',
      buyer: '甲建设有限公司', buyerTaxNo: '91110000100000001A', seller: '乙钢构有限公司', sellerTaxNo: '91110000100000002B',
      amount: '94339.62', tax: '8490.57', total: '102830.19',
      items: [{ name: '*建筑服务*钢结构工程施工', spec: undefined, unit: '项', quantity: '1', price: '94339.62', amount: '94339.62', taxRate: '9%', tax: '8490.57' }],
    });
  });

  it('a page without invoice labels gives nothing', () => {
    expect(invoiceFromText([at('会议纪要', 10, 300), at('2024年1月1日', 10, 280)])).toEqual({ items: [] });
  });
});
