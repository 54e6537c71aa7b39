/** Forces the profile page while the password must be changed (spec 02 §2.1, §4). */
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { mustChangePassword } from '../../session/passwordFlag';
import { sessionStore } from '../../session/sessionStore';
import { paths } from '../../paths';

/** Renders nothing; shows a warning that cannot be dismissed and redirects to /user/profile. */
export function PasswordGuard() {
  const { modal } = useFeedback();
  const [location, navigate] = useLocation();
  const config = sessionStore.use((s) => s.config);
  const warned = useRef(false);
  useEffect(() => {
    if (!mustChangePassword(config)) return;
    if (location !== paths.profile) navigate(`${paths.profile}?tab=password`, { replace: true });
    if (warned.current) return;
    warned.current = true;
    modal.warning({
      title: '安全提示',
      content: '您的密码安全等级较低或为初始密码，请先修改密码。',
      okText: '去修改',
      closable: false,
      keyboard: false,
      maskClosable: false,
    });
  }, [config, location, modal, navigate]);
  return null;
}
