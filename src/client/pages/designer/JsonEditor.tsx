/** A JSON text editor for the complex properties: applies the value only while it parses, and says why not. */
import { Input } from 'antd';
import { useEffect, useState } from 'react';

const show = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/** The editor; an empty text sets `undefined` (the property is removed). */
export function JsonEditor({ label, value, onChange, rows = 3 }: { label: string; value: unknown; onChange: (value: unknown) => void; rows?: number }) {
  const [text, setText] = useState(() => show(value));
  const [error, setError] = useState<string | null>(null);
  // A change from outside (undo, another field selected) replaces the text.
  useEffect(() => {
    setText((current) => {
      try {
        if (current.trim() && JSON.stringify(JSON.parse(current)) === JSON.stringify(value)) return current;
      } catch { /* the text was invalid: show the value */ }
      return show(value);
    });
    setError(null);
  }, [value]);
  return (
    <div>
      <Input.TextArea
        aria-label={label}
        value={text}
        autoSize={{ minRows: rows, maxRows: 14 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (!next.trim()) { setError(null); onChange(undefined); return; }
          try {
            const parsed: unknown = JSON.parse(next);
            setError(null);
            onChange(parsed);
          } catch (err) {
            setError(`JSON 格式错误：${(err as Error).message}`);
          }
        }}
      />
      {error ? <div className="fw-cond-error">{error}</div> : null}
    </div>
  );
}
