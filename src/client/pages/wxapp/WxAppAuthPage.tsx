/**
 * `/wxapp-auth`, `/wxapp-auth/{timestamp}` and `/auth-redirect` (spec 02 §2.2–2.3, issue 32 item 4):
 * no chrome; the messaging-app sign-in's start and its return from the provider. Not enabled here,
 * or refused, it says so in Chinese with the way to the password sign-in.
 */
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect } from 'react';
import { useCurrentSearch, useNavigate } from '../../routing/navigation';
import { useWxAppAuth } from '../../controllers/useWxAppAuth';
import { paths } from '../../paths';
import styles from '../login/LoginPage.module.css';

export default function WxAppAuthPage() {
  const search = useCurrentSearch();
  const navigate = useNavigate();
  const go = useCallback((to: string) => navigate(to, { replace: true }), [navigate]);
  const leave = useCallback((url: string) => window.location.assign(url), []);
  const state = useWxAppAuth(search, go, leave);
  useEffect(() => {
    document.title = '微信登录';
  }, []);
  const toLogin = (
    <Button type="primary" key="login" onClick={() => navigate(paths.login, { replace: true })}>
      账号密码登录
    </Button>
  );
  return (
    <div className={styles.page}>
      <div className={styles.box}>
        {state.kind === 'working' ? (
          <Spin tip="正在进行微信授权，请稍候…" size="large">
            <div style={{ height: 120 }} />
          </Spin>
        ) : state.kind === 'disabled' ? (
          <Result status="warning" title="未启用微信登录" subTitle="系统未启用微信登录，请使用账号密码登录或联系管理员" extra={toLogin} />
        ) : (
          <Result
            status="error"
            title="微信登录失败"
            subTitle={state.message}
            extra={[
              <Button key="again" onClick={() => navigate(paths.wxAppAuth, { replace: true })}>
                重新进入
              </Button>,
              toLogin,
            ]}
          />
        )}
      </div>
    </div>
  );
}
