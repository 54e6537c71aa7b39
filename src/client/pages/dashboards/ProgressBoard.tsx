/**
 * A progress board (项目进度看板): one bar per record, under its group's heading; the bar is the
 * record's progress, the thin line under it the share of its period elapsed (a bar behind the
 * line is behind schedule). A click on a name opens the record (or the panel's `link`).
 */
import { Progress } from 'antd';
import type { PanelData } from '../../api/dashboards';
import styles from './dashboards.module.css';

type Item = NonNullable<PanelData['items']>[number];

/** The items under their group headings, in the order the server sent them. */
export function groupItems(items: Item[]): { group: string | null; items: Item[] }[] {
  const out: { group: string | null; items: Item[] }[] = [];
  for (const i of items) {
    const last = out[out.length - 1];
    if (last && last.group === i.group) last.items.push(i);
    else out.push({ group: i.group, items: [i] });
  }
  return out;
}

/** Whether a record is behind its schedule (its progress below the time elapsed, by more than 5 points). */
export function isBehind(i: Item): boolean {
  return i.percent !== null && i.timePercent !== null && i.percent + 5 < i.timePercent;
}

const clamp = (n: number) => Math.min(100, Math.max(0, n));

/** The board: `onOpen` receives a record's id (absent: names are plain text, as on a public dashboard). */
export function ProgressBoard({ items, grouped, onOpen }: { items: Item[]; grouped: boolean; onOpen?(id: number | string): void }) {
  return (
    <div className={styles.board}>
      {groupItems(items).map((g, k) => (
        <div key={k}>
          {grouped ? <div className={styles.boardGroup}>{g.group ?? '（空）'}</div> : null}
          {g.items.map((i) => (
            <div key={String(i.id)} className={styles.boardRow} data-item={String(i.id)}>
              {onOpen ? <a className={styles.boardLabel} title={i.label} onClick={() => onOpen(i.id)}>{i.label}</a> : <span className={styles.boardLabel} title={i.label}>{i.label}</span>}
              <div>
                <Progress percent={i.percent === null ? 0 : clamp(i.percent)} format={() => (i.percent === null ? '—' : `${i.percent}%`)}
                  status={isBehind(i) ? 'exception' : i.percent !== null && i.percent >= 100 ? 'success' : 'active'} size="small" />
                {i.timePercent !== null ? (
                  <div className={styles.boardTime} title={`${i.start ?? ''} ~ ${i.end ?? ''}`}>
                    <span style={{ width: `${clamp(i.timePercent)}%` }} />
                    <em>时间进度 {i.timePercent}%{isBehind(i) ? '，滞后' : ''}</em>
                  </div>
                ) : null}
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
