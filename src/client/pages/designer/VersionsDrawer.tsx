/**
 * 版本记录: the saved versions of a form (GET …/versions), a version's differences against the
 * draft, and restoring one (POST …/versions/{v}/restore, confirming data changes when asked).
 * Without the server's versions calls it says so.
 */
import { Alert, Button, Drawer, List, Space, Tag } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useState } from 'react';
import type { FormDefinition } from '../../../../schema-adapters/definition/types';
import { useFormVersions } from '../../controllers/useFormVersions';
import { formatDateTime } from '../../session/formatDateTime';
import { diffDefinitions, type DefinitionDiff } from './diff';
import { DiffView } from './DiffView';

/** The drawer. */
export function VersionsDrawer({ open, formId, current, dirty, onClose, onRestored }: { open: boolean; formId: number | string | undefined; current: FormDefinition; dirty: boolean; onClose: () => void; onRestored: (def: FormDefinition) => void }) {
  const { message, modal } = useFeedback();
  const { versions, error, version: readVersion, restore: restoreCall } = useFormVersions(open, formId);
  const [diff, setDiff] = useState<{ version: number; diff: DefinitionDiff } | null>(null);
  useEffect(() => { if (open && formId != null) setDiff(null); }, [open, formId]);
  const show = async (version: number) => {
    const r = await readVersion(version);
    if ('definition' in r) setDiff({ version, diff: diffDefinitions(r.definition, current) });
    else void message.error(r.message);
  };
  const restore = (version: number, confirmed = false): void => {
    const run = async () => {
      const r = await restoreCall(version, confirmed);
      if (r.kind === 'restored') {
        onRestored(r.definition);
        void message.success(`已恢复到版本 ${version}`);
        onClose();
      } else if (r.kind === 'confirm') {
        modal.confirm({ title: '恢复将影响已有数据', content: <ul>{r.check.dataChanges.map((c, i) => <li key={i}>{c.effect}</li>)}</ul>, okText: '确认恢复', cancelText: '取消', onOk: () => restore(version, true) });
      } else void message.error(r.message);
    };
    if (confirmed) { void run(); return; }
    modal.confirm({ title: `恢复到版本 ${version}？`, content: dirty ? '当前草稿有未保存的修改，恢复后将被替换。' : '恢复会保存为新的当前版本，当前定义仍保留为一个版本。', okText: '恢复', cancelText: '取消', onOk: run });
  };
  return (
    <Drawer title="版本记录" width={520} open={open} onClose={onClose} destroyOnHidden>
      {formId == null ? <Alert type="info" message="表单保存后才有版本记录" /> : null}
      {error ? <Alert type="warning" showIcon message={error} /> : null}
      <List
        size="small"
        dataSource={versions}
        renderItem={(v) => (
          <List.Item actions={[<Button key="d" size="small" type="link" onClick={() => void show(v.version)}>查看差异</Button>, v.current ? null : <Button key="r" size="small" type="link" onClick={() => restore(v.version)}>恢复</Button>].filter(Boolean)}>
            <Space>
              <span>版本 {v.version}</span>
              {v.current ? <Tag color="blue">当前</Tag> : null}
              <span style={{ color: '#888' }}>{v.savedAt ? formatDateTime(v.savedAt) : ''} {v.savedBy ?? ''} · {v.fieldCount} 个字段</span>
            </Space>
          </List.Item>
        )}
      />
      {diff ? (
        <div style={{ marginTop: 12 }}>
          <h4>版本 {diff.version} → 当前草稿</h4>
          <DiffView diff={diff.diff} />
        </div>
      ) : null}
    </Drawer>
  );
}
