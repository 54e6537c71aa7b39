/** 消息中心 (spec 02 §7 "Messages and home"): the own messages, read / unread, mark read, open the link. */
import { Badge, Button, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useState } from 'react';
import type { Message } from '../../api/messages';
import { useMessagesController, type MessageFilter } from '../../controllers/useMessagesController';
import { dictLabel } from '../../session/bundledDicts';
import { formatDateTime } from '../../session/formatDateTime';
import { useNavigate } from '../../routing/navigation';
import { RelativeTime } from '../../routing/RelativeTime';
import { linkTarget } from './openLink';
import { saveDownload } from '../../list/io/useJob';

const FILTERS: { value: MessageFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
];

/** The message-centre screen. */
export default function MessageCentrePage() {
  const { message } = useFeedback();
  const c = useMessagesController();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[]>([]);
  const [shown, setShown] = useState<Message | null>(null);

  const follow = async (m: Message) => {
    await c.open(m).catch(() => undefined);
    const target = linkTarget(m.link);
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener');
    if (target.kind === 'internal') navigate(target.path);
    if (target.kind === 'download') await saveDownload(target.url, decodeURIComponent(target.url.split('%2F').pop() ?? 'download')).catch(() => undefined);
  };
  const view = (m: Message) => {
    setShown(m);
    void c.open(m).catch(() => undefined);
  };
  const markSelected = async () => {
    if (!selected.length) {
      void message.warning('请选择要标记的消息');
      return;
    }
    await c.markRead(selected);
    setSelected([]);
    void message.success('已标记为已读');
  };
  const markAll = async () => {
    await c.markRead('all');
    setSelected([]);
    void message.success('已全部标记为已读');
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<MessageFilter> aria-label="消息状态" value={c.filter} onChange={(v) => { setSelected([]); c.setFilter(v); }} options={FILTERS} />
        <Input.Search placeholder="搜索标题或内容" allowClear style={{ width: 220 }} onSearch={c.search} aria-label="搜索消息" />
        <Button onClick={() => void markSelected()} loading={c.marking}>标记已读</Button>
        <Button onClick={() => void markAll()} loading={c.marking}>全部已读</Button>
      </Space>
      <Table<Message>
        rowKey="id"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: r.isRead }) }}
        pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showSizeChanger: true, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
        locale={{ emptyText: '暂无消息' }}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            render: (title: string, r) => (
              <Space>
                {r.isRead ? null : <Badge status="processing" />}
                <Typography.Link strong={!r.isRead} onClick={() => view(r)}>{title}</Typography.Link>
              </Space>
            ),
          },
          { title: '类型', dataIndex: 'msgType', width: 90, render: (t: string) => <Tag color={t === '2' ? 'green' : 'orange'}>{dictLabel('sys_notice_type', t)}</Tag> },
          { title: '内容', dataIndex: 'content', ellipsis: true },
          { title: '状态', dataIndex: 'isRead', width: 90, render: (read: boolean) => (read ? <Tag>已读</Tag> : <Tag color="blue">未读</Tag>) },
          { title: '时间', dataIndex: 'createTime', width: 170, render: (t: unknown) => <RelativeTime value={t} /> },
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_: unknown, r) => (
              <Space size={4}>
                {linkTarget(r.link).kind === 'none' ? null : <Button type="link" size="small" onClick={() => void follow(r)}>打开</Button>}
                {r.isRead ? null : <Button type="link" size="small" onClick={() => void c.markRead([r.id]).then(() => message.success('已标记为已读'))}>标为已读</Button>}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={shown?.title}
        open={!!shown}
        onCancel={() => setShown(null)}
        footer={
          <Space>
            {shown && linkTarget(shown.link).kind !== 'none' ? (
              <Button type="primary" onClick={() => { const m = shown; setShown(null); void follow(m); }}>打开链接</Button>
            ) : null}
            <Button onClick={() => setShown(null)}>关闭</Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{shown ? `${dictLabel('sys_notice_type', shown.msgType)} · ${formatDateTime(shown.createTime)}` : ''}</Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{shown?.content}</Typography.Paragraph>
      </Modal>
    </>
  );
}
