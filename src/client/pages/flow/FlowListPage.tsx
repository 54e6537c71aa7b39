/** 我的待办 / 我的已办 / 我发起的 / 抄送我的: a searchable, paged TanStack list; a row opens its task or instance. */
import { Button, Input, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { flowActions } from '../../api/flows';
import { useFeedback } from '../../feedback/useFeedback';
import type { FlowCcRow, FlowListKind, FlowStartedRow, FlowTaskRow } from '../../api/flows';
import { formatDateTime } from '../../session/formatDateTime';
import { useNavigate } from '../../routing/navigation';
import { instancePath, STATUS_LABELS, taskPath } from './flowLabels';
import { FlowTable, type FlowColumn } from './FlowTable';
import { useFlowList } from './useFlowList';

type Row = FlowTaskRow & FlowStartedRow & FlowCcRow;

const status = (s: Row['status']) => <Tag color={STATUS_LABELS[s]?.color}>{STATUS_LABELS[s]?.text ?? s}</Tag>;
const time = (v: string | null | undefined) => (v ? formatDateTime(v) : '-');
/** 到期时间 of a task (审批期限, ADR 1049), 已超时 marked. */
const due = (r: Row) => (r.dueTime ? <Space size={4}>{formatDateTime(r.dueTime)}{r.overdue ? <Tag color="error">已超时</Tag> : null}</Space> : '-');

function columnsOf(kind: FlowListKind, open: (r: Row) => void, urge: (r: Row) => void): FlowColumn<Row>[] {
  const title: FlowColumn<Row> = { key: 'title', title: '标题', width: 280, render: (r) => <a onClick={() => open(r)}>{r.title}</a> };
  if (kind === 'cc') {
    return [title, { key: 'nodeName', title: '抄送节点', width: 160, render: (r) => r.nodeName }, { key: 'starterName', title: '发起人', width: 120, render: (r) => r.starterName },
      { key: 'status', title: '流程状态', width: 100, render: (r) => status(r.status) }, { key: 'createTime', title: '抄送时间', width: 170, render: (r) => time(r.createTime) }];
  }
  if (kind === 'started') {
    return [title, { key: 'currentNodes', title: '当前节点', width: 180, render: (r) => r.currentNodes }, { key: 'status', title: '状态', width: 100, render: (r) => status(r.status) },
      { key: 'createTime', title: '发起时间', width: 170, render: (r) => time(r.createTime) }, { key: 'endTime', title: '结束时间', width: 170, render: (r) => time(r.endTime) },
      { key: 'actions', title: '操作', width: 90, render: (r) => (r.status === 'running' ? <a onClick={() => urge(r)}>催办</a> : null) }];
  }
  const common: FlowColumn<Row>[] = [title, { key: 'taskName', title: '节点', width: 160, render: (r) => r.taskName }, { key: 'starterName', title: '发起人', width: 120, render: (r) => r.starterName }];
  const dueColumn: FlowColumn<Row> = { key: 'dueTime', title: '到期时间', width: 230, render: due };
  if (kind === 'todo') return [...common, { key: 'createTime', title: '到达时间', width: 170, render: (r) => time(r.createTime) }, dueColumn];
  return [...common, { key: 'result', title: '结果', width: 90, render: (r) => (r.result === 'reject' ? '驳回' : '同意') }, { key: 'comment', title: '意见', width: 200, render: (r) => r.comment },
    { key: 'instanceStatus', title: '流程状态', width: 100, render: (r) => status(r.instanceStatus) }, { key: 'endTime', title: '办理时间', width: 170, render: (r) => time(r.endTime) }, dueColumn];
}

/** One of the lists. */
export default function FlowListPage({ kind }: { kind: FlowListKind }) {
  const c = useFlowList<Row>(kind);
  const navigate = useNavigate();
  const { message } = useFeedback();
  // Stable columns: the table keeps its resized widths across data and paging changes.
  const columns = useMemo(() => columnsOf(
    kind,
    (r: Row) => navigate(kind === 'todo' ? taskPath(r.taskId) : instancePath(r.instanceId)),
    // A refusal (urged within the hour) is shown by the request layer with the server's message.
    (r: Row) => void flowActions.urge(r.instanceId).then((res) => message.success(res.msg), () => undefined),
  ), [kind, navigate, message]);
  const open = (r: Row) => navigate(kind === 'todo' ? taskPath(r.taskId) : instancePath(r.instanceId));
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search placeholder="搜索标题、节点或发起人" allowClear style={{ width: 260 }} onSearch={c.search} aria-label="搜索流程" />
        <Button onClick={c.refresh}>刷新</Button>
      </Space>
      <FlowTable<Row>
        columns={columns}
        rows={c.rows}
        rowKey={(r) => (kind === 'started' ? r.instanceId : kind === 'cc' ? r.ccId : r.taskId)}
        loading={c.loading}
        pageNum={c.pageNum}
        pageSize={c.pageSize}
        total={c.total}
        onPage={c.setPage}
        onRowDoubleClick={open}
      />
    </>
  );
}

export const TodoListPage = () => <FlowListPage kind="todo" />;
export const DoneListPage = () => <FlowListPage kind="done" />;
export const StartedListPage = () => <FlowListPage kind="started" />;
export const CcListPage = () => <FlowListPage kind="cc" />;
