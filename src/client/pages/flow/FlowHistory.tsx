/** The flow history timeline: who did what at which node, with the comment. */
import { Timeline, Typography } from 'antd';
import type { FlowHistoryEntry } from '../../api/flows';
import { formatDateTime } from '../../session/formatDateTime';
import { ACTION_LABELS } from './flowLabels';

const COLORS: Partial<Record<FlowHistoryEntry['action'], string>> = { approve: 'green', end: 'green', reject: 'red', withdraw: 'gray', transfer: 'blue', addSign: 'blue' };

/** The timeline of an instance's history, oldest first. */
export function FlowHistory({ history }: { history: FlowHistoryEntry[] }) {
  return (
    <Timeline
      aria-label="流转记录"
      items={history.map((h) => ({
        key: h.id,
        color: COLORS[h.action] ?? 'gray',
        children: (
          <div>
            <Typography.Text strong>{h.nodeName || ACTION_LABELS[h.action]}</Typography.Text>
            {' · '}
            {h.userName} {ACTION_LABELS[h.action]}
            {h.target ? `（${h.target}）` : ''}
            <div style={{ color: '#888', fontSize: 12 }}>{formatDateTime(h.createTime)}</div>
            {h.comment ? <div>意见：{h.comment}</div> : null}
            {h.attachments?.map((a) => (
              <div key={a.url}><Typography.Link href={a.url} target="_blank" rel="noreferrer">{a.name}</Typography.Link></div>
            ))}
          </div>
        ),
      }))}
    />
  );
}
