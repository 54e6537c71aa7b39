/**
 * 制度发布 (issue 34 item 3): the tenant's policies with drafts and published ones, editing with
 * the rich-text editor, publishing to users and departments (消息中心), removal and settings.
 */
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { Policy } from '../../api/policy';
import { usePolicyController } from '../../controllers/usePolicyController';
import { useFeedback } from '../../feedback/useFeedback';
import { Authorized } from '../../routing/Authorized';
import { RelativeTime } from '../../routing/RelativeTime';
import { PolicyEditDialog } from './PolicyEditDialog';
import { PolicySettingsDialog } from './PolicySettingsDialog';
import { PublishDialog } from './PublishDialog';

const STATUS = { '0': { text: '草稿', color: 'default' }, '1': { text: '已发布', color: 'green' } } as const;

/** The policy screen. */
export default function PolicyPage() {
  const app = useFeedback();
  const c = usePolicyController();
  const [search] = Form.useForm();
  const [editing, setEditing] = useState<Partial<Policy> | undefined>();
  const [publishing, setPublishing] = useState<Policy | undefined>();
  const [settingsOpen, setSettingsOpen] = useState(false);

  const remove = (p: Policy) =>
    app.modal.confirm({
      title: '系统提示',
      content: `是否确认删除制度“${p.title}”？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.remove.run(p.id);
        void app.message.success('删除成功');
      },
    });

  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="title" label="制度标题"><Input placeholder="请输入制度标题" allowClear /></Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={[{ value: '0', label: '草稿' }, { value: '1', label: '已发布' }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Authorized perms={['system:policy:edit']}><Button type="primary" ghost onClick={() => setEditing({})}>新增</Button></Authorized>
        <Authorized perms={['system:policy:setting']}><Button onClick={() => setSettingsOpen(true)}>发布设置</Button></Authorized>
      </Space>
      <Table<Policy>
        rowKey="id"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
        columns={[
          { title: '制度标题', dataIndex: 'title', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: Policy['status']) => <Tag color={STATUS[s].color}>{STATUS[s].text}</Tag> },
          { title: '附件', dataIndex: 'attachments', width: 70, render: (a: Policy['attachments']) => a.length },
          { title: '通知人数', dataIndex: 'notified', width: 90 },
          { title: '发布时间', dataIndex: 'publishTime', width: 170, render: (t: string | null) => (t ? <RelativeTime value={t} /> : '-') },
          { title: '更新时间', dataIndex: 'updateTime', width: 170, render: (t: string) => <RelativeTime value={t} /> },
          {
            title: '操作',
            width: 180,
            render: (_, p) => (
              <Space size={0}>
                <Authorized perms={['system:policy:edit']}><Button type="link" size="small" onClick={() => setEditing(p)}>修改</Button></Authorized>
                <Authorized perms={['system:policy:publish']}><Button type="link" size="small" onClick={() => setPublishing(p)}>{p.status === '1' ? '重新发布' : '发布'}</Button></Authorized>
                <Authorized perms={['system:policy:remove']}><Button type="link" size="small" danger onClick={() => remove(p)}>删除</Button></Authorized>
              </Space>
            ),
          },
        ]}
      />
      <PolicyEditDialog
        value={editing}
        saving={c.save.pending}
        onClose={() => setEditing(undefined)}
        onSave={async (body, publish) => {
          const id = await c.save.run(body);
          void app.message.success(body.id ? '修改成功' : '新增成功');
          setEditing(undefined);
          if (publish) setPublishing({ ...(editing as Policy), ...body, id, userIds: editing?.userIds ?? [], deptIds: editing?.deptIds ?? [] } as Policy);
        }}
      />
      <PublishDialog
        policy={publishing}
        publishing={c.publish.pending}
        onClose={() => setPublishing(undefined)}
        onPublish={async (recipients) => {
          const notified = await c.publish.run(publishing!.id, recipients);
          void app.message.success(`发布成功，已通知 ${notified} 人`);
          setPublishing(undefined);
        }}
      />
      <PolicySettingsDialog
        open={settingsOpen}
        saving={c.saveSettings.pending}
        onClose={() => setSettingsOpen(false)}
        onSave={async (s) => {
          await c.saveSettings.run(s);
          void app.message.success('保存成功');
          setSettingsOpen(false);
        }}
      />
    </>
  );
}
