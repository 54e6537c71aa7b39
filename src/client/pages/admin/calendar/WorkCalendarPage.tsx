/**
 * 工作日历: the tenant's working days, working periods and dated exceptions (holidays, make-up
 * working days 调休上班), used by the document functions and flow deadlines. The server checks
 * order, overlap and dates and answers in Chinese; this form only asks for well-formed values.
 */
import { Button, Card, Checkbox, Form, Input, Radio, Space, Typography } from 'antd';
import type { WorkCalendarBody } from '../../../api/workCalendar';
import { useWorkCalendar } from '../../../controllers/useWorkCalendar';
import { useFeedback } from '../../../feedback/useFeedback';
import { Authorized } from '../../../routing/Authorized';

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({ label, value: i + 1 }));
const CLOCK = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const clockRule = { pattern: CLOCK, message: '时间格式为 HH:mm' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const offsetText = (m: number) => `UTC${m < 0 ? '-' : '+'}${String(Math.floor(Math.abs(m) / 60)).padStart(2, '0')}:${String(Math.abs(m) % 60).padStart(2, '0')}`;

/** The calendar screen (system:calendar:query to see it, :edit to save). */
export default function WorkCalendarPage() {
  const app = useFeedback();
  const c = useWorkCalendar();
  const [form] = Form.useForm<WorkCalendarBody>();
  if (!c.calendar) return <Card loading={c.loading} />;
  const save = async () => {
    const v = await form.validateFields();
    await c.save.run({ ...v, exceptions: (v.exceptions ?? []).map((x) => ({ ...x, name: x.name?.trim() || null })) });
    void app.message.success('保存成功');
  };
  return (
    <Form form={form} layout="vertical" initialValues={c.calendar} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">
        {c.calendar.saved ? '' : '尚未设置，当前为默认日历（周一至周五，09:00–12:00、13:00–18:00）。'}时区：{offsetText(c.calendar.utcOffsetMinutes)}
      </Typography.Paragraph>
      <Form.Item name="utcOffsetMinutes" hidden><Input /></Form.Item>
      <Form.Item name="workDays" label="工作日">
        <Checkbox.Group options={WEEKDAYS} />
      </Form.Item>
      <Form.List name="periods">
        {(fields, { add, remove }) => (
          <Form.Item label="工作时段">
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'start']} rules={[{ required: true, message: '请输入开始时间' }, clockRule]}><Input aria-label={`时段${i + 1}开始`} placeholder="09:00" style={{ width: 100 }} /></Form.Item>
                <span>至</span>
                <Form.Item name={[f.name, 'end']} rules={[{ required: true, message: '请输入结束时间' }, clockRule]}><Input aria-label={`时段${i + 1}结束`} placeholder="18:00" style={{ width: 100 }} /></Form.Item>
                <Button type="link" danger disabled={fields.length === 1} onClick={() => remove(f.name)}>删除</Button>
              </Space>
            ))}
            <Button onClick={() => add({ start: '', end: '' })}>添加时段</Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.List name="exceptions">
        {(fields, { add, remove }) => (
          <Form.Item label="例外日期" extra="放假：节假日不上班；调休上班：周末上班">
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline" wrap>
                <Form.Item name={[f.name, 'date']} rules={[{ required: true, message: '请输入日期' }, { pattern: DATE, message: '日期格式为 YYYY-MM-DD' }]}><Input aria-label={`例外${i + 1}日期`} placeholder="2026-10-01" style={{ width: 130 }} /></Form.Item>
                <Form.Item name={[f.name, 'working']}><Radio.Group options={[{ value: false, label: '放假' }, { value: true, label: '调休上班' }]} /></Form.Item>
                <Form.Item name={[f.name, 'name']}><Input aria-label={`例外${i + 1}名称`} placeholder="名称，如 国庆节" maxLength={50} style={{ width: 160 }} /></Form.Item>
                <Button type="link" danger onClick={() => remove(f.name)}>删除</Button>
              </Space>
            ))}
            <div><Button onClick={() => add({ date: '', working: false, name: '' })}>添加例外日期</Button></div>
          </Form.Item>
        )}
      </Form.List>
      <Authorized perms={['system:calendar:edit']}>
        <Button type="primary" loading={c.save.pending} onClick={() => void save().catch(() => undefined)}>保存</Button>
      </Authorized>
    </Form>
  );
}
