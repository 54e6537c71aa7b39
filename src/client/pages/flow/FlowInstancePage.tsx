/** An instance as its starter or a participant sees it: status, history, withdraw, the diagram link. */
import { Alert, Button, Card, Space, Spin, Tag } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { flowActions, getFlowInstance } from '../../api/flows';
import { queryKeys } from '../../api/queryKeys';
import { useNavigate } from '../../routing/navigation';
import { FlowHistory } from './FlowHistory';
import { flowPicPath, STATUS_LABELS, taskPath } from './flowLabels';

/** The page of one instance. */
export default function FlowInstancePage({ instanceId }: { instanceId: number }) {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: queryKeys.flows.instance(instanceId), queryFn: () => getFlowInstance(instanceId).then((r) => r.data) });
  const withdraw = useMutation({ mutationFn: () => flowActions.withdraw(instanceId, ''), onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.flows.all }) });
  if (q.isLoading) return <Spin />;
  const i = q.data;
  if (!i) return <Alert type="error" message="流程实例不存在或无权查看" />;
  const st = STATUS_LABELS[i.status];
  const confirmWithdraw = () => modal.confirm({
    title: '系统提示', content: '确认撤回该申请？撤回后可修改再提交。', okText: '确定', cancelText: '取消',
    onOk: async () => { await withdraw.mutateAsync(); void message.success('撤回成功'); },
  });
  return (
    <Card
      title={<Space>{i.title}<Tag color={st.color}>{st.text}</Tag></Space>}
      extra={
        <Space>
          {i.myTaskId ? <Button type="primary" onClick={() => navigate(taskPath(i.myTaskId!))}>去办理</Button> : null}
          {i.canWithdraw ? <Button onClick={confirmWithdraw} loading={withdraw.isPending}>撤回</Button> : null}
          <Button onClick={() => navigate(`/auto/${i.formName}/detail${i.recordId}`)}>查看表单</Button>
          <a href={flowPicPath(i.instanceId)} target="_blank" rel="noreferrer">流程图</a>
        </Space>
      }
    >
      <div style={{ marginBottom: 12, color: '#888' }}>{i.formCnName} · 发起人：{i.starterName}</div>
      <FlowHistory history={i.history} />
    </Card>
  );
}
