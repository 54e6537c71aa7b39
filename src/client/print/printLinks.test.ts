import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPrintLink } from './openPrintLink';
import { parsePrintLink, parseViewReportQuery, PRINT_LINK_NO_ID, PRINT_LINK_NO_TEMPLATE, viewReportUrl } from './printLinks';

const two = async () => [{ id: 1, name: '合同打印', paper: 'A4' as const, orientation: 'portrait' as const }, { id: 2, name: '简版', paper: 'A5' as const, orientation: 'landscape' as const }];
const one = async () => [{ id: 7, name: '唯一', paper: 'A4' as const, orientation: 'portrait' as const }];

describe('print links (spec 01 §5)', () => {
  it('entries separated by semicolons, the selected id filled in', () => {
    expect(parsePrintLink('/view-report?id=${id}&printTemplateName=合同打印;id=3,4&formName=other', { formName: 'f', row: { id: 12 } })).toEqual([
      { formName: 'f', ids: [12], templateName: '合同打印' },
      { formName: 'other', ids: [3, 4] },
    ]);
  });

  it('an entry without an id (or no selected row for ${id}) gives 地址错误，请配置id信息', () => {
    expect(() => parsePrintLink('printTemplateName=合同打印', { formName: 'f' })).toThrow(PRINT_LINK_NO_ID);
    expect(() => parsePrintLink('id=${id}', { formName: 'f' })).toThrow(PRINT_LINK_NO_ID);
    expect(() => parsePrintLink('', { formName: 'f' })).toThrow(PRINT_LINK_NO_ID);
  });

  it('several templates need a printTemplateName; one template does not', async () => {
    const opened: string[] = [];
    await expect(openPrintLink('id=5', { formName: 'f', choices: two, open: (u) => opened.push(u) })).rejects.toThrow(PRINT_LINK_NO_TEMPLATE);
    await expect(openPrintLink('id=5&printTemplateName=不存在', { formName: 'f', choices: two, open: (u) => opened.push(u) })).rejects.toThrow(PRINT_LINK_NO_TEMPLATE);
    expect(opened).toEqual([]);
    const urls = await openPrintLink('id=5;id=${id}&printTemplateName=简版', { formName: 'f', row: { id: 9 }, choices: async (f) => (f === 'f' ? two() : one()), open: (u) => opened.push(u) }).catch((e) => e);
    expect(urls).toBeInstanceOf(Error);
    const ok = await openPrintLink('id=5', { formName: 'g', choices: one, open: (u) => opened.push(u) });
    expect(ok).toEqual(['/view-report?formName=g&templateName=%E5%94%AF%E4%B8%80&ids=5']);
    expect(opened).toEqual(ok);
  });

  it('a form without templates says 该表单尚未配置打印模版, not an address error (issue 27 item 1)', async () => {
    const opened: string[] = [];
    await expect(openPrintLink('id=${id}', { formName: 'f', row: { id: 3 }, choices: async () => [], open: (u) => opened.push(u) })).rejects.toThrow('该表单尚未配置打印模版');
    expect(opened).toEqual([]);
  });

  it('the demo 合同台账\'s 打印 prints the ticked record, not record 1 (issue 27 item 1)', async () => {
    const def = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../fixtures/forms/contract_ledger.json'), 'utf8')) as { buttons: { sysAction?: string; info?: string }[] };
    const print = def.buttons.find((b) => b.sysAction === 'print')!;
    const opened: string[] = [];
    await openPrintLink(print.info, { formName: 'contract_ledger', row: { id: 42 }, choices: one, open: (u) => opened.push(u) });
    expect(opened).toEqual(['/view-report?formName=contract_ledger&templateName=%E5%94%AF%E4%B8%80&ids=42']);
  });

  it('the print view address round-trips', () => {
    const t = { formName: 'f', templateId: 3, ids: [1, 2] };
    expect(parseViewReportQuery(new URLSearchParams(viewReportUrl(t).split('?')[1]))).toEqual(t);
  });
});
