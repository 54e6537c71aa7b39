/** `/login` and `/supplier/login`: tenant, username, password, captcha, remember password. */
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useLoginController, type LoginValues } from '../../controllers/useLoginController';
import { useNavigate, useQueryParams } from '../../routing/navigation';
import styles from './LoginPage.module.css';

function captchaSrc(img: string): string {
  if (img.startsWith('data:')) return img;
  if (img.trim().startsWith('<svg')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(img)}`;
  return `data:image/gif;base64,${img}`;
}

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** The sign-in screen; `supplier` shows the supplier title. */
export default function LoginPage({ supplier = false }: { supplier?: boolean }) {
  const navigate = useNavigate();
  const query = useQueryParams();
  const c = useLoginController(query.get('redirect'), (to) => navigate(to, { replace: true }));
  const [form] = Form.useForm<LoginValues>();
  const title = supplier ? c.supplierTitle : c.title;

  useEffect(() => {
    document.title = `登录 - ${title}`;
  }, [title]);

  return (
    <div
      className={styles.page}
      style={{
        justifyContent: JUSTIFY[c.boxPosition],
        ...(c.background ? { backgroundImage: `url(${c.background})` } : {}),
      }}
    >
      <Form form={form} className={styles.box} initialValues={c.initialValues} onFinish={c.submit} size="large">
        <h1 className={styles.title}>
          {c.logo ? <img src={c.logo} alt="" className={styles.logo} /> : null}
          {title}
        </h1>
        <Form.Item name="tenantCode" rules={[{ required: true, message: '请选择租户' }]}>
          <Select
            aria-label="租户"
            placeholder="租户"
            options={c.tenants.map((t) => ({ value: t.tenantCode, label: t.tenantName }))}
            onChange={(v: string) => c.setTenantCode(v)}
          />
        </Form.Item>
        <Form.Item name="username" rules={[{ required: true, message: '请输入您的账号' }]}>
          <Input prefix={<UserOutlined />} placeholder="账号" name="username" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入您的密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" name="password" autoComplete="current-password" />
        </Form.Item>
        {c.captchaOn ? (
          <Form.Item name="code" rules={[{ required: true, message: '请输入验证码' }]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="验证码"
              autoComplete="off"
              addonAfter={
                c.captchaImage ? (
                  <img src={captchaSrc(c.captchaImage)} alt="验证码" className={styles.captcha} onClick={c.refreshCaptcha} />
                ) : null
              }
            />
          </Form.Item>
        ) : null}
        {c.showRemember ? (
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>记住密码</Checkbox>
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={c.submitting}>
          {c.submitting ? '登 录 中...' : '登 录'}
        </Button>
      </Form>
      {c.copyright ? <div className={styles.footer}>{c.copyright}</div> : null}
    </div>
  );
}
