/** Asks before a save that drops or converts stored data: each change's effect, then 确认保存. */
import { Alert, List, Modal } from 'antd';
import type { DefinitionCheck } from '../../../shared/contract/formVersions';

/** The dialog; `check` null means closed. */
export function DataChangesDialog({ check, onConfirm, onCancel }: { check: DefinitionCheck | null; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal title="保存将影响已有数据" open={!!check} okText="确认保存" cancelText="取消" okButtonProps={{ danger: true }} onOk={onConfirm} onCancel={onCancel} destroyOnHidden>
      <Alert type="warning" showIcon message="以下修改会删除或转换已保存记录中的数据，确认后才会保存" style={{ marginBottom: 12 }} />
      <List size="small" bordered dataSource={check?.dataChanges ?? []} renderItem={(c) => <List.Item className="fw-data-change">{c.effect}</List.Item>} />
    </Modal>
  );
}
