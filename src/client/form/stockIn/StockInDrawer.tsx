/** 白条入库: the stock-in drawer (from the left; 保存 and 重置), for auto_tzbk_btgl_btrk / _wgbtrk. */
import { Button, Drawer, Space } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useMemo, useState } from 'react';
import { createUploadTracker, UPLOAD_RUNNING_TEXT } from '../../fields/data/uploadTracker';
import { sessionStore } from '../../session/sessionStore';
import { RecordFormView } from '../RecordFormView';
import { userContextOf } from '../userContext';
import { useStockIn } from './useStockIn';

/** The drawer; `onSaved` lets a list refresh. */
export function StockInDrawer({ enName, open, onClose, onSaved }: { enName: string; open: boolean; onClose: () => void; onSaved?: () => void }) {
  const { message } = useFeedback();
  const session = sessionStore.use((s) => s);
  const ctx = useMemo(() => userContextOf(session), [session.user, session.roles]); // eslint-disable-line react-hooks/exhaustive-deps
  const s = useStockIn(enName, ctx);
  const [uploads] = useState(createUploadTracker);
  useEffect(() => {
    if (open && s.ready) void s.init();
    // Initialise when the drawer opens (and once the definition is there).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.ready]);
  const save = async () => {
    if (uploads.busy()) { message.warning(UPLOAD_RUNNING_TEXT); return; }
    try {
      if (await s.save()) { message.success('操作成功'); onSaved?.(); }
    } catch {
      // Validation messages show under the fields.
    }
  };
  return (
    <Drawer
      title="白条入库"
      placement="left"
      width={720}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" loading={s.saving} onClick={() => void save()}>保存</Button>
          <Button onClick={() => void s.init()}>重置</Button>
        </Space>
      }
    >
      {s.form && s.schema && s.def ? <RecordFormView form={s.form} schema={s.schema} info={{ formName: enName, mode: 'add', loaded: true, ctx, def: s.def, uploads }} /> : null}
    </Drawer>
  );
}
