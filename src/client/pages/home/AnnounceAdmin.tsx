/**
 * 公告管理: the tenant's rolling announcements for holders of `system:announce:*` (opened from the
 * 滚动公告 module's 管理 link): a table of all of them, add / edit dialog, delete after confirmation.
 */
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Space, Table, Tag } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Announcement, AnnouncementInput } from '../../api/home';
import { ANNOUNCE_PERMISSIONS, useAnnouncementAdmin } from '../../controllers/useHomeModules';
import { useHasPermission } from '../../routing/Authorized';
import { confirmDelete } from '../admin/common/confirmDelete';

const DAY = 'YYYY-MM-DD';
const PAGE_SIZE = 10;

interface Draft {
  id?: number;
  content: string;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  status: NonNullable<AnnouncementInput['status']>;
  sort: number;
}

function AnnounceDialog({ draft, onClose, a }: { draft: Draft | null; onClose: () => void; a: ReturnType<typeof useAnnouncementAdmin> }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Draft>();
  const submit = async () => {
    const v = await form.validateFields();
    await a.save({
      id: draft?.id,
      content: v.content,
      startDate: v.startDate ? v.startDate.format(DAY) : null,
      endDate: v.endDate ? v.endDate.format(DAY) : null,
      status: v.status,
      sort: v.sort ?? 0,
    });
    void message.success(draft?.id ? '修改成功' : '新增成功');
    onClose();
  };
  return (
    <Modal
      title={draft?.id ? '修改公告' : '新增公告'}
      open={!!draft}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={a.saving}
      destroyOnHidden
    >
      {draft ? (
        <Form form={form} layout="vertical" initialValues={draft} preserve={false}>
          <Form.Item name="content" label="公告内容" rules={[{ required: true, whitespace: true, message: '公告内容不能为空' }, { max: 500, message: '公告内容长度不能超过500个字符' }]}>
            <Input.TextArea rows={3} maxLength={500} placeholder="请输入公告内容" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="startDate" label="开始日期">
              <DatePicker placeholder="不限" />
            </Form.Item>
            <Form.Item
              name="endDate"
              label="结束日期"
              dependencies={['startDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: Dayjs | null) => {
                    const start = getFieldValue('startDate') as Dayjs | null | undefined;
                    return value && start && value.isBefore(start, 'day') ? Promise.reject(new Error('结束日期不能早于开始日期')) : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker placeholder="不限" />
            </Form.Item>
            <Form.Item name="sort" label="排序">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="status" label="状态">
            <Radio.Group options={[{ label: '正常', value: '0' }, { label: '停用', value: '1' }]} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** The 管理 dialog. */
export function AnnounceAdmin({ open, onClose }: { open: boolean; onClose: () => void }) {
  const app = useFeedback();
  const [pageNum, setPageNum] = useState(1);
  const a = useAnnouncementAdmin(pageNum, PAGE_SIZE, open);
  const [draft, setDraft] = useState<Draft | null>(null);
  const canAdd = useHasPermission(ANNOUNCE_PERMISSIONS.add);
  const canEdit = useHasPermission(ANNOUNCE_PERMISSIONS.edit);
  const canRemove = useHasPermission(ANNOUNCE_PERMISSIONS.remove);
  const edit = (r: Announcement) =>
    setDraft({ id: r.id, content: r.content, startDate: r.startDate ? dayjs(r.startDate, DAY) : null, endDate: r.endDate ? dayjs(r.endDate, DAY) : null, status: r.status === '1' ? '1' : '0', sort: r.sort });
  return (
    <Modal title="公告管理" open={open} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={860} destroyOnHidden>
      {canAdd ? (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setDraft({ content: '', startDate: dayjs(), endDate: null, status: '0', sort: 0 })}>
          新增
        </Button>
      ) : null}
      <Table<Announcement>
        rowKey="id"
        size="small"
        loading={a.loading}
        dataSource={a.rows}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: a.total, onChange: setPageNum, showSizeChanger: false }}
        columns={[
          { title: '公告内容', dataIndex: 'content', ellipsis: true },
          { title: '开始日期', dataIndex: 'startDate', width: 110, render: (v: string | null) => v ?? '不限' },
          { title: '结束日期', dataIndex: 'endDate', width: 110, render: (v: string | null) => v ?? '不限' },
          { title: '状态', dataIndex: 'status', width: 70, render: (v: string) => (v === '0' ? <Tag color="green">正常</Tag> : <Tag>停用</Tag>) },
          { title: '排序', dataIndex: 'sort', width: 60 },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_, r) => (
              <Space size="small">
                {canEdit ? (
                  <Button type="link" size="small" onClick={() => edit(r)}>
                    修改
                  </Button>
                ) : null}
                {canRemove ? (
                  <Button type="link" size="small" danger onClick={() => confirmDelete(app, '公告编号', [r.id], () => a.remove(r.id))}>
                    删除
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <AnnounceDialog draft={draft} onClose={() => setDraft(null)} a={a} />
    </Modal>
  );
}
