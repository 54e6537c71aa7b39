/**
 * 外部接口日志 (/out-api-log, spec 02 §2.3): every call to an outside provider of the tenant —
 * time, provider, address, status, outcome, duration — searchable by time range, provider, outcome
 * and status; a row's 详情 opens a drawer with the redacted request and response bodies.
 */
import { Button, DatePicker, Descriptions, Drawer, Form, Input, InputNumber, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { OutApiLogRow } from '../../../api/outApiLog';
import { useOutApiLogController } from '../../../controllers/useOutApiLogController';
import { formatDateTime } from '../../../session/formatDateTime';

export const PROVIDER_LABELS: Record<string, string> = { ocr: 'OCR识别', company: '企业信息查询', verify: '发票查验', tax: '税务平台', sms: '短信', wxapp: '微信登录' };
export const OUTCOME_LABELS: Record<string, { text: string; color: string }> = {
  ok: { text: '成功', color: 'blue' },
  error: { text: '失败', color: 'red' },
  timeout: { text: '超时', color: 'orange' },
  failed: { text: '无法连接', color: 'red' },
};

interface SearchValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  provider?: string;
  outcome?: string;
  status?: number | null;
  url?: string;
}

/** The form's values as the list's query (empty ones left out). */
function queryOf(v: SearchValues): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  if (v.range?.[0]) q.beginTime = v.range[0].format('YYYY-MM-DD HH:mm:ss');
  if (v.range?.[1]) q.endTime = v.range[1].format('YYYY-MM-DD HH:mm:ss');
  if (v.provider) q.provider = v.provider;
  if (v.outcome) q.outcome = v.outcome;
  if (v.status !== undefined && v.status !== null) q.status = v.status;
  if (v.url?.trim()) q.url = v.url.trim();
  return q;
}

const outcomeTag = (o: string) => <Tag color={OUTCOME_LABELS[o]?.color}>{OUTCOME_LABELS[o]?.text ?? o}</Tag>;

/** The body as stored, pretty-printed when it is JSON. */
function bodyText(text: string): string {
  if (!text) return '无';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export default function OutApiLogPage() {
  const c = useOutApiLogController();
  const [search] = Form.useForm<SearchValues>();
  const d = c.detail;
  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(queryOf(v))} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="range" label="调用时间"><DatePicker.RangePicker showTime allowEmpty={[true, true]} /></Form.Item>
        <Form.Item name="provider" label="接口">
          <Select placeholder="接口提供方" allowClear style={{ width: 150 }} options={Object.entries(PROVIDER_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="outcome" label="结果">
          <Select placeholder="调用结果" allowClear style={{ width: 120 }} options={Object.entries(OUTCOME_LABELS).map(([value, o]) => ({ value, label: o.text }))} />
        </Form.Item>
        <Form.Item name="status" label="状态码"><InputNumber placeholder="HTTP状态码" min={100} max={599} style={{ width: 120 }} /></Form.Item>
        <Form.Item name="url" label="地址"><Input placeholder="请输入请求地址" allowClear style={{ width: 180 }} /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Table<OutApiLogRow>
        rowKey="id"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showSizeChanger: true, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
        columns={[
          { title: '调用时间', dataIndex: 'callTime', width: 170, render: formatDateTime },
          { title: '接口', dataIndex: 'provider', width: 120, render: (p: string) => PROVIDER_LABELS[p] ?? p },
          { title: '请求地址', dataIndex: 'url', ellipsis: true, render: (u: string, r) => `${r.method} ${u}` },
          { title: '状态码', dataIndex: 'status', width: 90, render: (s: number | null) => s ?? '-' },
          { title: '结果', dataIndex: 'outcome', width: 100, render: outcomeTag },
          { title: '耗时(毫秒)', dataIndex: 'durationMs', width: 110 },
          { title: '操作', key: 'op', width: 80, render: (_v, r) => <Button type="link" size="small" onClick={() => c.open(r.id)}>详情</Button> },
        ]}
      />
      <Drawer title="接口调用详情" width={640} open={c.openId !== null} onClose={c.close} destroyOnClose>
        {c.detailLoading || !d ? (
          <Spin />
        ) : (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="调用时间">{formatDateTime(d.callTime)}</Descriptions.Item>
              <Descriptions.Item label="接口">{PROVIDER_LABELS[d.provider] ?? d.provider}</Descriptions.Item>
              <Descriptions.Item label="请求地址">{d.method} {d.url}</Descriptions.Item>
              <Descriptions.Item label="状态码">{d.status ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="结果">{outcomeTag(d.outcome)}</Descriptions.Item>
              <Descriptions.Item label="耗时(毫秒)">{d.durationMs}</Descriptions.Item>
              {d.errorMsg ? <Descriptions.Item label="异常信息">{d.errorMsg}</Descriptions.Item> : null}
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>请求内容</Typography.Title>
            <pre data-testid="out-api-request" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: '#f5f5f5', padding: 8 }}>{bodyText(d.requestBody)}</pre>
            <Typography.Title level={5}>响应内容</Typography.Title>
            <pre data-testid="out-api-response" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: '#f5f5f5', padding: 8 }}>{bodyText(d.responseBody)}</pre>
          </>
        )}
      </Drawer>
    </>
  );
}
