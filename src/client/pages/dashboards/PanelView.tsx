/** One panel: a KPI number, a chart (a click on a bar, slice or point opens the group's list) or a table. */
import { Button, Empty, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Panel, PanelData } from '../../api/dashboards';
import { useNavigate } from '../../routing/navigation';
import { paths } from '../../paths';
import { chartOption, formatValue, isChart } from './chartOption';
import { EChart, type Chart } from './EChart';
import styles from './dashboards.module.css';

// A progress board (antd `Progress`, and the tooltip behind it) loads with the first board shown:
// most dashboards, the cockpit among them, have none (issue 33, first-load budget).
const ProgressBoard = lazy(() => import('./ProgressBoard').then((m) => ({ default: m.ProgressBoard })));

/** The address of a form's list showing one group (its `initFilter` in the query). */
export function groupListPath(form: string, listFilter: Record<string, unknown>): string {
  return `${paths.autoList(form)}?initFilter=${encodeURIComponent(JSON.stringify(listFilter))}`;
}

/** The page a progress bar opens: the panel's `link` with the record's id, else the record's detail. */
export function recordPath(panel: Panel, id: number | string): string {
  return panel.link ? panel.link.replace('{id}', encodeURIComponent(String(id))) : `${paths.autoList(panel.form)}/detail${id}`;
}

/** Saves a chart's picture: PNG at twice its size on white (the card's background), named after the panel. */
export function saveChartImage(chart: Chart, title: string): void {
  const a = document.createElement('a');
  a.href = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  a.download = `${title.replace(/[\\/:*?"<>|]/g, '_')}.png`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function Body({ panel, data, onChart, linked }: { panel: Panel; data: PanelData; onChart(chart: Chart | null): void; linked: boolean }) {
  const navigate = useNavigate();
  const option = useMemo(() => (isChart(panel.kind) ? chartOption(panel.kind, data, data.measureLabel ?? '') : {}), [panel.kind, data]);
  if (data.status === 403) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无权限查看该表单的数据" />;
  if (data.status !== 200) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={data.msg ?? '数据加载失败'} />;
  if (panel.kind === 'kpi') return <div className={styles.kpi}>{formatValue(data.value ?? 0)}</div>;
  if (panel.kind === 'gauge') return <EChart kind="gauge" option={option} onChart={onChart} />;
  if (panel.kind === 'progress') {
    const items = data.items ?? [];
    if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
    return (
      <Suspense fallback={<div className={styles.loading}><Spin /></div>}>
        <ProgressBoard items={items} grouped={!!panel.progress?.group} onOpen={linked ? (id) => navigate(recordPath(panel, id)) : undefined} />
      </Suspense>
    );
  }
  const points = data.points ?? [];
  if (!points.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  const open = (i: number) => {
    const f = points[i]?.listFilter;
    if (f) navigate(groupListPath(panel.form, f));
  };
  if (isChart(panel.kind)) return <EChart kind={panel.kind} option={option} onItemClick={linked ? open : undefined} onChart={onChart} />;
  return (
    <table className={styles.table}>
      <thead><tr><th>{data.groupLabel}</th><th>{data.measureLabel}</th></tr></thead>
      <tbody>
        {points.map((p, i) => (
          <tr key={String(p.key)}>
            <td>{linked && p.listFilter ? <a onClick={() => open(i)}>{p.label}</a> : p.label}</td>
            <td>{formatValue(p.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The panel's card: title (with 下载图片 once a chart is drawn) and body (a spinner until its first data); `linked={false}` (a public dashboard) opens no list or record. */
export function PanelView({ panel, data, linked = true }: { panel: Panel; data: PanelData | undefined; linked?: boolean }) {
  const [chart, setChart] = useState<Chart | null>(null);
  return (
    <section className={styles.panel} data-panel={panel.id} aria-label={panel.title}>
      <div className={styles.panelHead}>
        <h3 className={styles.title}>{panel.title}</h3>
        {chart ? <Button type="link" size="small" onClick={() => saveChartImage(chart, panel.title)}>下载图片</Button> : null}
      </div>
      {data ? <Body panel={panel} data={data} onChart={setChart} linked={linked} /> : <div className={styles.loading}><Spin /></div>}
    </section>
  );
}
