/**
 * `/portal/form/{enName}?tenantCode=` (issue 32 item 5): anyone fills a form an administrator opened
 * to anonymous filling. Only the fields the server serves are shown (plain fields with fixed
 * options); the captcha is always asked; the server's refusal is shown above the button.
 */
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Rate, Result, Select, Switch, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import type { AnonymousFieldDef } from '../../api/publicAccess';
import { useAnonymousForm } from '../../controllers/useAnonymousForm';
import { useQueryParams } from '../../routing/navigation';
import { PageLoading } from '../../routing/PageLoading';

/** The definition's date format (`yyyy-MM-dd HH:mm:ss`) in dayjs's tokens. */
function dayjsFormat(format: string | undefined, fallback: string): string {
  return (format || fallback).replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

function control(f: AnonymousFieldDef) {
  const options = (f.options ?? []).map((o) => ({ label: o.label, value: o.value as string | number }));
  switch (f.funcType) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={f.maxLength} showCount={!!f.maxLength} placeholder={f.placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} min={f.min} max={f.max} precision={f.precision} placeholder={f.placeholder} />;
    case 'select':
      return <Select options={options} mode={f.multiple ? 'multiple' : undefined} allowClear placeholder={f.placeholder ?? '请选择'} />;
    case 'radio':
      return <Radio.Group options={options} />;
    case 'checkbox':
      return <Checkbox.Group options={options} />;
    case 'switch':
      return <Switch />;
    case 'dateStamp':
      return <DatePicker style={{ width: '100%' }} format={dayjsFormat(f.format, 'YYYY-MM-DD')} showTime={/HH/.test(f.format ?? '')} />;
    case 'timeOnly':
      return <TimePicker style={{ width: '100%' }} />;
    case 'rate':
      return <Rate />;
    default:
      return <Input maxLength={f.maxLength} placeholder={f.placeholder} />;
  }
}

/** Form values as the record's values: dates and times as text in the field's format, empty ones left out. */
function toData(fields: AnonymousFieldDef[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.enName];
    if (v === undefined || v === null || v === '') continue;
    if (f.funcType === 'dateStamp') out[f.enName] = (v as Dayjs).format(dayjsFormat(f.format, 'YYYY-MM-DD'));
    else if (f.funcType === 'timeOnly') out[f.enName] = (v as Dayjs).format('HH:mm:ss');
    else out[f.enName] = v;
  }
  return out;
}

/** The public page of one anonymous form. */
export default function AnonymousFormPage() {
  const { enName = '' } = useParams<{ enName: string }>();
  const tenantCode = useQueryParams().get('tenantCode') || 'DEFAULT';
  const c = useAnonymousForm(enName, tenantCode);
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const state = c.state;
  useEffect(() => {
    if (state.kind === 'open') document.title = `${state.cnName} - ${state.tenantName}`;
  }, [state]);

  if (c.state.kind === 'loading') return <PageLoading />;
  if (c.state.kind === 'closed') return <Result status="warning" title={c.state.message} />;
  const { cnName, tenantName, fields } = c.state;

  if (c.done) {
    return (
      <Result
        status="success"
        title="提交成功"
        subTitle={`感谢填写「${cnName}」`}
        extra={
          <Button type="primary" onClick={() => { form.resetFields(); c.again(); }}>
            再填一份
          </Button>
        }
      />
    );
  }

  const onFinish = async (values: Record<string, unknown>) => {
    setError(null);
    const problem = await c.submit(toData(fields, values), String(values.__captcha ?? ''));
    if (problem) {
      setError(problem);
      form.setFieldValue('__captcha', '');
    }
  };

  return (
    <div style={{ maxWidth: 720, margin: '24px auto', padding: '0 12px' }}>
      <Card title={cnName} extra={tenantName}>
        <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
          {fields.map((f) => (
            <Form.Item
              key={f.enName}
              name={f.enName}
              label={f.label}
              valuePropName={f.funcType === 'switch' ? 'checked' : 'value'}
              rules={[
                ...(f.required ? [{ required: true, message: `${f.label}不能为空` }] : []),
                ...(f.fixLength ? [{ len: f.fixLength, message: f.fixLengthTips || `${f.label}须为${f.fixLength}位` }] : []),
              ]}
            >
              {control(f)}
            </Form.Item>
          ))}
          <Form.Item label="验证码" required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="__captcha" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
                <Input placeholder="验证码" autoComplete="off" style={{ flex: 1 }} />
              </Form.Item>
              {c.captchaImage ? <img src={c.captchaImage} alt="验证码" title="看不清，换一张" style={{ height: 32, cursor: 'pointer' }} onClick={c.refreshCaptcha} /> : null}
            </div>
          </Form.Item>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block loading={c.submitting}>
            提 交
          </Button>
        </Form>
      </Card>
    </div>
  );
}
