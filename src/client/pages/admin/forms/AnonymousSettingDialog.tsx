/**
 * 匿名填写 of a form (issue 32 item 5): open it to anyone at its public link, choose the status of
 * what visitors submit, and see which fields they get (plain fields only; the rest stay inside).
 */
import { Checkbox, Descriptions, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAnonymousSetting } from '../../../controllers/useAnonymousSetting';
import { paths } from '../../../paths';
import { getTenantCode } from '../../../session/cookies';

/** The dialog of `form`; `onClose` when closed or saved. */
export default function AnonymousSettingDialog({ form, onClose }: { form: string; onClose: () => void }) {
  const c = useAnonymousSetting(form);
  const [enabled, setEnabled] = useState(false);
  const [sysStatus, setSysStatus] = useState<-1 | 1>(-1);
  useEffect(() => {
    if (!c.setting) return;
    setEnabled(c.setting.enabled);
    setSysStatus(c.setting.sysStatus === 1 ? 1 : -1);
  }, [c.setting]);
  const link = `${window.location.origin}${paths.anonymousForm(form)}?tenantCode=${encodeURIComponent(getTenantCode())}`;

  return (
    <Modal
      title="匿名填写"
      open
      width={560}
      maskClosable={false}
      okText="保存"
      cancelText="取消"
      confirmLoading={c.saving}
      okButtonProps={{ disabled: !c.setting }}
      onCancel={onClose}
      onOk={async () => {
        if (await c.save({ enabled, sysStatus })) onClose();
      }}
    >
      {c.setting ? (
        <>
          <p>
            <Checkbox checked={enabled} onChange={(e) => setEnabled(e.target.checked)}>
              允许任何人通过公开链接填写（需输入验证码，每个地址每小时最多提交10次）
            </Checkbox>
          </p>
          <p>
            提交后的状态：
            <Radio.Group value={sysStatus} onChange={(e) => setSysStatus(e.target.value as -1 | 1)}>
              <Radio value={-1}>草稿</Radio>
              <Radio value={1}>正常</Radio>
            </Radio.Group>
          </p>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="公开链接">
              <Typography.Text copyable>{link}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="访客可填写">{c.setting.publicFields.join('、') || '无'}</Descriptions.Item>
            <Descriptions.Item label="不对访客开放">{c.setting.omittedFields.join('、') || '无'}</Descriptions.Item>
          </Descriptions>
        </>
      ) : (
        '正在加载...'
      )}
    </Modal>
  );
}
