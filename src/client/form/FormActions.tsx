/** The action bar of a form page: 保存, 暂存, 提交, 复制, 返回 (what shows depends on mode and rights). */
import { Button, Space } from 'antd';
import { useEffect, useRef } from 'react';

export interface FormActionsProps {
  showSave: boolean;
  showStash: boolean;
  showPush: boolean;
  showCopy: boolean;
  saving: boolean;
  onSave: () => void;
  onStash: () => void;
  onPush: () => void;
  onCopy: () => void;
  onBack: () => void;
}

/** The buttons, in the order users expect them. */
export function FormActions(p: FormActionsProps) {
  // Ctrl+S (⌘S) saves, as in an office program, instead of the browser saving the page (issue 27 item 12).
  const latest = useRef(p);
  latest.current = p;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      const now = latest.current;
      if (now.showSave && !now.saving) now.onSave();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Space className="fw-form-actions">
      {p.showSave ? <Button type="primary" loading={p.saving} onClick={p.onSave}>保存</Button> : null}
      {p.showStash ? <Button loading={p.saving} onClick={p.onStash}>暂存</Button> : null}
      {p.showPush ? <Button loading={p.saving} onClick={p.onPush}>提交</Button> : null}
      {p.showCopy ? <Button onClick={p.onCopy}>复制</Button> : null}
      <Button onClick={p.onBack}>返回</Button>
    </Space>
  );
}
