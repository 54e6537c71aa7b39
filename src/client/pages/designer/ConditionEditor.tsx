/** A condition input whose text is coloured by the condition grammar, with the parse error shown as you type. */
import { useMemo } from 'react';
import { viewCondition } from './conditionHighlight';

/** The editor (a textarea over its coloured copy). */
export function ConditionEditor({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const view = useMemo(() => viewCondition(value), [value]);
  return (
    <div className="fw-cond">
      <div className="fw-cond-box">
        <pre className="fw-cond-colours" aria-hidden>
          {view.segments.map((s, i) => <span key={i} className={`fw-cond-${s.kind}`}>{s.text}</span>)}
          {'\n'}
        </pre>
        <textarea
          aria-label={label}
          className="fw-cond-input"
          spellCheck={false}
          value={value}
          placeholder="例如 ${amount} > 1000 && #{roleNames} contains '财务'"
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {view.error ? (
        <div className="fw-cond-error" role="alert">{view.position != null ? `第 ${view.position + 1} 个字符处：` : ''}{view.error}</div>
      ) : view.kind === 'sql' ? (
        <div className="fw-cond-note">由服务器求值的 $sql 条件</div>
      ) : view.kind === 'deferred' ? (
        <div className="fw-cond-note">含 $${'{…}'} 引用：字段保持默认状态</div>
      ) : null}
    </div>
  );
}
