/** The 获取验证码 button: sends a code, then counts down the server's 60 s before the next one. */
import { useEffect, useState } from 'react';
import { sendSmsCode } from '../../api/register';

export const RESEND_SECONDS = 60;

export function useSmsCountdown(tenantCode: string, phonenumber: string, withCheck: boolean) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = async (): Promise<boolean> => {
    setSending(true);
    try {
      await sendSmsCode(tenantCode, phonenumber, withCheck);
      setLeft(RESEND_SECONDS);
      return true;
    } catch {
      // The HTTP client already showed the server's message (limits, SMS not enabled).
      return false;
    } finally {
      setSending(false);
    }
  };
  return { label: left > 0 ? `${left}秒后重新获取` : '获取验证码', disabled: left > 0 || sending, send };
}
