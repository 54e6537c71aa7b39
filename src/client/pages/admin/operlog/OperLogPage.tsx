/** 操作日志: who did what and when, searchable by module, operator, type and status. */
import { Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { OperLog } from '../../../api/operlog';
import { useOperLogController } from '../../../controllers/useOperLogController';
import { dictLabel, dictOptions } from '../../../session/bundledDicts';
import { formatDateTime } from '../../../session/formatDateTime';

/** The operation log screen. */
export default function OperLogPage() {
  const c = useOperLogController();
  const [search] = Form.useForm();
  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="title" label="系统模块"><Input placeholder="请输入系统模块" allowClear style={{ width: 160 }} /></Form.Item>
        <Form.Item name="operName" label="操作人员"><Input placeholder="请输入操作人员" allowClear style={{ width: 160 }} /></Form.Item>
        <Form.Item name="businessType" label="类型">
          <Select placeholder="操作类型" allowClear style={{ width: 140 }} options={dictOptions('sys_oper_type').map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select placeholder="操作状态" allowClear style={{ width: 120 }} options={dictOptions('sys_common_status').map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Table<OperLog>
        rowKey="operId"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showSizeChanger: true, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <Typography.Paragraph style={{ margin: 0 }}>
              请求地址：{r.requestMethod} {r.operUrl}
              <br />
              请求参数：<Typography.Text code>{r.operParam || '无'}</Typography.Text>
              {r.errorMsg ? (
                <>
                  <br />
                  异常信息：{r.errorMsg}
                </>
              ) : null}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: '日志编号', dataIndex: 'operId', width: 90 },
          { title: '系统模块', dataIndex: 'title' },
          { title: '操作类型', dataIndex: 'businessType', render: (t) => dictLabel('sys_oper_type', t) },
          { title: '操作人员', dataIndex: 'operName' },
          { title: '操作地址', dataIndex: 'operIp' },
          { title: '操作状态', dataIndex: 'status', render: (s) => (Number(s) === 0 ? <Tag color="blue">成功</Tag> : <Tag color="red">失败</Tag>) },
          { title: '操作时间', dataIndex: 'operTime', width: 170, render: formatDateTime },
        ]}
      />
    </>
  );
}
