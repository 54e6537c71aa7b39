/** A definition difference as lists: added, removed and changed fields, form-level changes. */
import { Empty, Tag, Typography } from 'antd';
import { shortText, type DefinitionDiff } from './diff';

/** The view. */
export function DiffView({ diff }: { diff: DefinitionDiff }) {
  const none = !diff.added.length && !diff.removed.length && !diff.changed.length && !diff.form.length;
  if (none) return <Empty description="与当前草稿相同" />;
  return (
    <div className="fw-diff">
      {diff.added.map((f) => <div key={`a${f.name}`}><Tag color="green">新增</Tag>{f.label}（{f.name}）</div>)}
      {diff.removed.map((f) => <div key={`r${f.name}`}><Tag color="red">删除</Tag>{f.label}（{f.name}）</div>)}
      {diff.changed.map((f) => (
        <div key={`c${f.name}`}>
          <Tag color="blue">修改</Tag>{f.label}（{f.name}）
          <ul style={{ margin: '2px 0 6px' }}>
            {f.changes.map((c) => <li key={c.key}><Typography.Text code>{c.key}</Typography.Text>：{shortText(c.from)} → {shortText(c.to)}</li>)}
          </ul>
        </div>
      ))}
      {diff.form.map((c) => <div key={`f${c.key}`}><Tag>表单</Tag><Typography.Text code>{c.key}</Typography.Text>：{shortText(c.from)} → {shortText(c.to)}</div>)}
    </div>
  );
}
