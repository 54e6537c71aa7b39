/**
 * 审批记录 on a flow form's detail page (issue 18): the record's newest instance, its status, the
 * history timeline and a link to the diagram (/flow-pic). Nothing when the record never entered a
 * flow or the reader may not see it (the calls are silent: the panel only adds to the page).
 */
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { getFlowInstance, getRecordFlowInstance } from '../../api/flows';
import { queryKeys } from '../../api/queryKeys';
import { useNavigate } from '../../routing/navigation';
import { FlowHistory } from './FlowHistory';
import { flowPicPath, instancePath, STATUS_LABELS } from './flowLabels';

/** The flow panel of one record. */
export function RecordFlowPanel({ formName, recordId }: { formName: string; recordId: number }) {
  const navigate = useNavigate();
  const ref = useQuery({ queryKey: queryKeys.flows.ofRecord(formName, recordId), queryFn: () => getRecordFlowInstance(formName, recordId).then((r) => r.data), retry: false });
  const instanceId = ref.data?.instanceId;
  const q = useQuery({
    queryKey: queryKeys.flows.instance(instanceId ?? 0),
    queryFn: () => getFlowInstance(instanceId as number).then((r) => r.data),
    enabled: instanceId != null,
    retry: false,
  });
  const i = q.data;
  if (!i) return null;
  const st = STATUS_LABELS[i.status];
  return (
    <section data-testid="record-flow-panel" style={{ marginTop: 24 }}>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>审批记录</Typography.Title>
        <Tag color={st.color}>{st.text}</Tag>
        <Typography.Link onClick={() => navigate(instancePath(i.instanceId))}>流程详情</Typography.Link>
        <a href={flowPicPath(i.instanceId)} target="_blank" rel="noreferrer">流程图</a>
      </Space>
      <FlowHistory history={i.history} />
    </section>
  );
}
