/** The chooser 打印模版选择 (spec 01 §2.6): 380 px, one button per template. */
import { Button, Modal, Space } from 'antd';
import type { PrintChoice } from '../api/print';

/** Title of the chooser. */
export const CHOOSER_TITLE = '打印模版选择';

/** Shown only when a form has more than one template; picking one closes it. */
export function PrintChooser(props: { choices: PrintChoice[] | null; onPick(choice: PrintChoice): void; onClose(): void }) {
  return (
    <Modal title={CHOOSER_TITLE} width={380} open={!!props.choices} footer={null} onCancel={props.onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        {(props.choices ?? []).map((c) => (
          <Button key={c.id} block autoInsertSpace={false} onClick={() => props.onPick(c)}>
            {c.name}
          </Button>
        ))}
      </Space>
    </Modal>
  );
}
