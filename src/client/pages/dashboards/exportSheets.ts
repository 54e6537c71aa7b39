/**
 * 导出数据 of a dashboard as workbook sheets (pure, so the shape is tested without a file): one
 * sheet per panel named after its title, holding what the panel shows — a chart's or table's
 * groups as rows (the group's text, the measure), a KPI's one number, or the panel's refusal.
 */
import type { Panel, PanelData } from '../../../shared/contract/dashboards';

/** One sheet: its name (Excel's rules: 1–31 characters, no []:*?/\, unique ignoring case) and its rows. */
export interface Sheet { name: string; rows: (string | number)[][] }

/** The sheet name Excel accepts for a panel title, not yet taken (ignoring case) by an earlier sheet. */
export function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim() || '面板';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `(${n})`;
    const name = base.slice(0, 31 - suffix.length) + suffix;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/** A panel's rows: header then groups, a KPI's label and number, or why it has no data. */
export function panelRows(panel: Panel, data: PanelData | undefined): (string | number)[][] {
  if (!data) return [['数据加载中']];
  if (data.status === 403) return [['无权限查看该表单的数据']];
  if (data.status !== 200) return [[data.msg ?? '数据加载失败']];
  if (panel.kind === 'kpi') return [[data.measureLabel ?? ''], [data.value ?? 0]];
  return [[data.groupLabel ?? '', data.measureLabel ?? ''], ...(data.points ?? []).map((p) => [p.label, p.value])];
}

/** Every panel's sheet, in the dashboard's order. */
export function dashboardSheets(panels: Panel[], byPanel: Map<string, PanelData>): Sheet[] {
  const taken = new Set<string>();
  return panels.map((p) => ({ name: sheetName(p.title, taken), rows: panelRows(p, byPanel.get(p.id)) }));
}

/** The download name of a dashboard's workbook: `{name}_{YYYYMMDD}.xlsx`, as the server's exports name theirs. */
export function exportFileName(name: string, now = new Date()): string {
  const d = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return `${name.replace(/[\\/:*?"<>|]/g, '_')}_${d}.xlsx`;
}
