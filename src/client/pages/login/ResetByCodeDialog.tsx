/**
 * 忘记密码 on the sign-in page (issue 32 item 2): a code to the account's mobile number
 * (`…/sms/send/withCheck`), then a new password (`…/password/resetWithVerifyCode`). Loaded only
 * when opened, so the sign-in page's first load stays as small as ADR 0403 keeps it.
 */
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { resetPasswordWithCode } from '../../api/register';
import { useFeedback } from '../../feedback/useFeedback';
import { useSmsCountdown } from '../register/useSmsCountdown';

export default function ResetByCodeDialog({ tenantCode, onClose }: { tenantCode: string; onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sms = useSmsCountdown(tenantCode, phone, true);
  const feedback = useFeedback();

  const sendCode = () => {
    if (!/^1\d{10}$/.test(phone)) return setError('请输入正确的手机号码');
    setError(null);
    void sms.send();
  };

  const submit = async () => {
    const problem = !/^1\d{10}$/.test(phone)
      ? '请输入正确的手机号码'
      : !code
        ? '请输入短信验证码'
        : !password
          ? '请输入新密码'
          : password !== confirm
            ? '两次输入的密码不一致'
            : null;
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const res = await resetPasswordWithCode({ tenantCode, phonenumber: phone, code, password });
      feedback.message.success(res.msg);
      onClose();
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title="通过短信验证码重置密码" width={420} maskClosable={false} onCancel={onClose} onOk={() => void submit()} okText="重置密码" cancelText="取消" confirmLoading={saving}>
      <div style={{ display: 'grid', gap: 12 }}>
        <Input placeholder="手机号码" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <div style={{ display: 'flex', gap: 8 }}>
          <Input placeholder="短信验证码" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          <Button disabled={sms.disabled} onClick={sendCode}>
            {sms.label}
          </Button>
        </div>
        <Input.Password placeholder="新密码" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Input.Password placeholder="确认新密码" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {error ? (
          <div role="alert" style={{ color: '#ff4d4f' }}>
            {error}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
