/** 我的待办 / 我的已办 / 我发起的: a searchable, paged list; a row opens its task or instance. */
import { Button, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { FlowListKind, FlowStartedRow, FlowTaskRow } from '../../api/flows';
import { formatDateTime } from '../../session/formatDateTime';
import { useNavigate } from '../../routing/navigation';
import { instancePath, STATUS_LABELS, taskPath } from './flowLabels';
import { useFlowList } from './useFlowList';

type Row = FlowTaskRow & FlowStartedRow;

const status = (s: Row['status']) => <Tag color={STATUS_LABELS[s]?.color}>{STATUS_LABELS[s]?.text ?? s}</Tag>;

function columnsOf(kind: FlowListKind, open: (r: Row) => void): ColumnsType<Row> {
  const title = { title: '标题', dataIndex: 'title', render: (v: string, r: Row) => <a onClick={() => open(r)}>{v}</a> };
  if (kind === 'started') {
    return [title, { title: '当前节点', dataIndex: 'currentNodes', width: 180 }, { title: '状态', dataIndex: 'status', width: 100, render: status },
      { title: '发起时间', dataIndex: 'createTime', width: 170, render: formatDateTime }, { title: '结束时间', dataIndex: 'endTime', width: 170, render: (v) => (v ? formatDateTime(v) : '-') }];
  }
  const common: ColumnsType<Row> = [title, { title: '节点', dataIndex: 'taskName', width: 160 }, { title: '发起人', dataIndex: 'starterName', width: 120 }];
  if (kind === 'todo') return [...common, { title: '到达时间', dataIndex: 'createTime', width: 170, render: formatDateTime }];
  return [...common, { title: '结果', dataIndex: 'result', width: 90, render: (v) => (v === 'reject' ? '驳回' : '同意') }, { title: '意见', dataIndex: 'comment' },
    { title: '流程状态', dataIndex: 'instanceStatus', width: 100, render: status }, { title: '办理时间', dataIndex: 'endTime', width: 170, render: (v) => (v ? formatDateTime(v) : '-') }];
}

/** One of the three lists. */
export default function FlowListPage({ kind }: { kind: FlowListKind }) {
  const c = useFlowList<Row>(kind);
  const navigate = useNavigate();
  const open = (r: Row) => navigate(kind === 'todo' ? taskPath(r.taskId) : instancePath(r.instanceId));
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search placeholder="搜索标题、节点或发起人" allowClear style={{ width: 260 }} onSearch={c.search} aria-label="搜索流程" />
        <Button onClick={c.refresh}>刷新</Button>
      </Space>
      <Table<Row>
        rowKey={(r) => (kind === 'started' ? r.instanceId : r.taskId)}
        size="middle"
        loading={c.loading}
        columns={columnsOf(kind, open)}
        dataSource={c.rows}
        onRow={(r) => ({ onDoubleClick: () => open(r) })}
        pagination={{ current: c.pageNum, pageSize: c.pageSize, total: c.total, showSizeChanger: true, showTotal: (n) => `共 ${n} 条`, onChange: c.setPage }}
      />
    </>
  );
}

export const TodoListPage = () => <FlowListPage kind="todo" />;
export const DoneListPage = () => <FlowListPage kind="done" />;
export const StartedListPage = () => <FlowListPage kind="started" />;
