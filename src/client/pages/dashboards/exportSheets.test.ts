/** 导出数据's workbook: one sheet per panel, named as Excel allows, holding what the panel shows; read back from the written file. */
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { Panel, PanelData } from '../../../shared/contract/dashboards';
import { dashboardSheets, exportFileName, sheetName } from './exportSheets';
import { workbookBlob } from './saveWorkbook';

const PANELS: Panel[] = [
  { id: 'count', title: '合同总数', kind: 'kpi', form: 'contract_ledger', measure: { op: 'count' } },
  { id: 'trend', title: '合同签订趋势', kind: 'line', form: 'contract_ledger', groupBy: { field: 'sign_date', bucket: 'month' }, measure: { op: 'count' } },
  { id: 'secret', title: '薪资合计', kind: 'kpi', form: 'salary', measure: { op: 'sum', field: 'pay' } },
  { id: 'trend2', title: '合同签订趋势', kind: 'table', form: 'contract_ledger', groupBy: { field: 'contract_type' }, measure: { op: 'sum', field: 'amount' } },
  { id: 'late', title: '迟到', kind: 'bar', form: 'attendance', groupBy: { field: 'dept' }, measure: { op: 'count' } },
];
const DATA: PanelData[] = [
  { id: 'count', form: 'contract_ledger', status: 200, measureLabel: '数量', value: 12 },
  { id: 'trend', form: 'contract_ledger', status: 200, groupLabel: '签订日期（按月）', measureLabel: '数量', points: [
    { key: '2026-01', label: '2026年1月', value: 3, listFilter: { sign_date$start: '2026-01-01', sign_date$end: '2026-01-31' } },
    { key: '2026-02', label: '2026年2月', value: 0, listFilter: { sign_date$start: '2026-02-01', sign_date$end: '2026-02-28' } },
  ] },
  { id: 'secret', form: 'salary', status: 403, msg: '当前操作没有权限' },
  { id: 'trend2', form: 'contract_ledger', status: 200, groupLabel: '合同类型', measureLabel: '合同金额合计', points: [
    { key: 'construction', label: '施工合同', value: 5123000.5, listFilter: { contract_type: 'construction' } },
    { key: null, label: '（空）', value: 12000, listFilter: null },
  ] },
];
const byPanel = new Map(DATA.map((d) => [d.id, d]));

describe('dashboard export', () => {
  it('has one sheet per panel: groups with their measure, a KPI number, a refusal, data not read yet', () => {
    expect(dashboardSheets(PANELS, byPanel)).toEqual([
      { name: '合同总数', rows: [['数量'], [12]] },
      { name: '合同签订趋势', rows: [['签订日期（按月）', '数量'], ['2026年1月', 3], ['2026年2月', 0]] },
      { name: '薪资合计', rows: [['无权限查看该表单的数据']] },
      { name: '合同签订趋势(2)', rows: [['合同类型', '合同金额合计'], ['施工合同', 5123000.5], ['（空）', 12000]] },
      { name: '迟到', rows: [['数据加载中']] },
    ]);
  });

  it('names sheets as Excel allows: no []:*?/\\, at most 31 characters, unique ignoring case', () => {
    const taken = new Set<string>();
    expect(sheetName('收入/支出 [2026]', taken)).toBe('收入 支出  2026');
    expect(sheetName('a'.repeat(40), taken)).toBe('a'.repeat(31));
    expect(sheetName('A'.repeat(40), taken)).toBe(`${'A'.repeat(28)}(2)`);
    expect(sheetName('???', taken)).toBe('面板');
    expect(exportFileName('管理/驾驶舱', new Date(2026, 10, 28))).toBe('管理_驾驶舱_20261128.xlsx');
  });

  it('writes a workbook that reads back as those sheets', async () => {
    const blob = await workbookBlob(dashboardSheets(PANELS, byPanel));
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual(['合同总数', '合同签订趋势', '薪资合计', '合同签订趋势(2)', '迟到']);
    expect(XLSX.utils.sheet_to_json(book.Sheets['合同签订趋势(2)'], { header: 1 })).toEqual([['合同类型', '合同金额合计'], ['施工合同', 5123000.5], ['（空）', 12000]]);
  });
});
