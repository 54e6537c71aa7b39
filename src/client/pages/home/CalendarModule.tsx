/**
 * The 我的日程 home module: a month calendar of the user's own entries (spec 02 §7
 * /system/userCalendar/…), with add / edit dialogs. Clicking a day adds an entry on it; clicking an
 * entry edits it.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Calendar, Card, DatePicker, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { CalendarEntry } from '../../api/home';
import { useCalendar } from '../../controllers/useHomeModules';

const DAY = 'YYYY-MM-DD';
const TIME = 'YYYY-MM-DD HH:mm:ss';

interface Draft {
  id?: number;
  title: string;
  content: string;
  allDay: boolean;
  start: Dayjs;
  end: Dayjs;
}

/** The days a month view shows: from the week before the month to two weeks after it. */
function visibleRange(month: Dayjs): [string, string] {
  return [month.startOf('month').subtract(7, 'day').format(DAY), month.endOf('month').add(14, 'day').format(DAY)];
}

function EntryDialog({ draft, onClose, c }: { draft: Draft | null; onClose: () => void; c: ReturnType<typeof useCalendar> }) {
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<Draft>();
  const allDay = Form.useWatch('allDay', form);
  const submit = async () => {
    const v = await form.validateFields();
    await c.save({
      id: draft?.id,
      title: v.title,
      content: v.content ?? '',
      allDay: v.allDay,
      startTime: v.start.format(v.allDay ? DAY : TIME),
      endTime: (v.end ?? v.start).format(v.allDay ? DAY : TIME),
    });
    void message.success(draft?.id ? '修改成功' : '新增成功');
    onClose();
  };
  const remove = (entryId: number) =>
    modal.confirm({
      title: '系统提示',
      content: '是否确认删除该日程？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.remove(entryId);
        void message.success('删除成功');
        onClose();
      },
    });
  return (
    <Modal
      title={draft?.id ? '修改日程' : '新增日程'}
      open={!!draft}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          {draft?.id ? (
            <Button danger onClick={() => remove(draft.id!)}>
              删除
            </Button>
          ) : null}
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={c.saving} onClick={() => void submit().catch(() => undefined)}>
            确定
          </Button>
        </Space>
      }
    >
      {draft ? (
        <Form form={form} layout="vertical" initialValues={draft} preserve={false}>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '标题不能为空' }, { max: 100, message: '标题长度不能超过100个字符' }]}>
            <Input placeholder="请输入标题" maxLength={100} />
          </Form.Item>
          <Form.Item name="allDay" label="全天" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="start" label="开始时间" rules={[{ required: true, message: '开始时间不能为空' }]}>
            <DatePicker showTime={!allDay && { format: 'HH:mm' }} format={allDay ? DAY : 'YYYY-MM-DD HH:mm'} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="end"
            label="结束时间"
            dependencies={['start', 'allDay']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: Dayjs) => {
                  const start = getFieldValue('start') as Dayjs | undefined;
                  const unit = getFieldValue('allDay') ? 'day' : 'minute';
                  return value && start && value.isBefore(start, unit) ? Promise.reject(new Error('结束时间不能早于开始时间')) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker showTime={!allDay && { format: 'HH:mm' }} format={allDay ? DAY : 'YYYY-MM-DD HH:mm'} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="content" label="内容" rules={[{ max: 2000, message: '内容长度不能超过2000个字符' }]}>
            <Input.TextArea rows={3} placeholder="请输入内容" maxLength={2000} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** The home module. */
export function CalendarModule() {
  const [month, setMonth] = useState(() => dayjs());
  const [start, end] = visibleRange(month);
  const c = useCalendar(start, end);
  const [draft, setDraft] = useState<Draft | null>(null);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEntry[]>();
    for (const e of c.entries) {
      // An entry shows on every day it covers.
      for (let d = dayjs(e.startTime.slice(0, 10)); !d.isAfter(dayjs(e.endTime.slice(0, 10))); d = d.add(1, 'day')) {
        const key = d.format(DAY);
        map.set(key, [...(map.get(key) ?? []), e]);
        if (map.size > 400) break;
      }
    }
    return map;
  }, [c.entries]);
  const newOn = (day: Dayjs) => {
    const at = day.hour(9).minute(0).second(0);
    setDraft({ title: '', content: '', allDay: false, start: at, end: at.add(1, 'hour') });
  };
  const edit = (e: CalendarEntry) =>
    setDraft({ id: e.id, title: e.title, content: e.content, allDay: e.allDay, start: dayjs(e.startTime, TIME), end: dayjs(e.endTime, TIME) });
  return (
    <Card
      title="我的日程"
      size="small"
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={() => newOn(dayjs())}>
          新增日程
        </Button>
      }
    >
      <Calendar
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onSelect={(d, info) => {
          setMonth(d);
          if (info.source === 'date') newOn(d);
        }}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const list = byDay.get(d.format(DAY)) ?? [];
          if (!list.length) return null;
          return (
            <div data-testid={`calendar-day-${d.format(DAY)}`}>
              {list.slice(0, 3).map((e) => (
                <div key={e.id} style={{ lineHeight: 1.4 }}>
                  <Typography.Link
                    ellipsis
                    style={{ fontSize: 12, maxWidth: '100%' }}
                    title={e.title}
                    onClick={(ev) => {
                      ev.stopPropagation();
                      edit(e);
                    }}
                  >
                    <Badge status="processing" /> {e.title}
                  </Typography.Link>
                </div>
              ))}
              {list.length > 3 ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>+{list.length - 3}</Typography.Text> : null}
            </div>
          );
        }}
      />
      <EntryDialog draft={draft} onClose={() => setDraft(null)} c={c} />
    </Card>
  );
}
