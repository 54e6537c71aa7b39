/**
 * The task page: the record's form in flow mode (the node's hidden fields absent, its editable
 * fields open), its 到期时间 (已超时 marked, as in 我的待办), the comment, the actions (同意, 驳回,
 * 转签, 加签) and the flow history.
 */
import { Alert, Button, Card, Col, Input, Modal, Radio, Row, Select, Space, Spin, Tag, Upload } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { formatDateTime } from '../../session/formatDateTime';
import { uploadFile } from '../../api/files';
import type { FlowAttachment } from '../../api/flows';
import { useEffect, useState } from 'react';
import { RecordFormView } from '../../form/RecordFormView';
import { UserPickerDialog } from '../../fields/UserPickerDialog';
import { useNavigate } from '../../routing/navigation';
import { FlowHistory } from './FlowHistory';
import { flowPicPath, STATUS_LABELS } from './flowLabels';
import { useFlowTask, type FlowAction } from './useFlowTask';

type Picking = null | { kind: 'transfer' } | { kind: 'addSign'; position: 'before' | 'after' };

/** The page of one task. */
export default function FlowTaskPage({ taskId }: { taskId: number }) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const c = useFlowTask(taskId);
  const [comment, setComment] = useState('');
  const [attachments, setAttachments] = useState<FlowAttachment[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [target, setTarget] = useState('');
  const [picking, setPicking] = useState<Picking>(null);
  const [signPosition, setSignPosition] = useState<'before' | 'after'>('before');
  useEffect(() => { const t = setTimeout(c.unlockEditable, 0); return () => clearTimeout(t); }, [c.view]); // eslint-disable-line react-hooks/exhaustive-deps

  if (c.loading) return <Spin />;
  if (!c.task || !c.def || !c.view) return <Alert type="error" message="任务不存在或无权查看" />;
  const { task } = c;
  const run = async (a: FlowAction, done: string) => {
    await c.act(a);
    void message.success(done);
    navigate('/flow/todo');
  };
  const st = STATUS_LABELS[task.instanceStatus];
  return (
    <Row gutter={16}>
      <Col xs={24} lg={17}>
        <Card
          title={<Space>{task.title}<Tag color="blue">{task.nodeName}</Tag><Tag color={st.color}>{st.text}</Tag></Space>}
          extra={<a href={flowPicPath(task.instanceId)} target="_blank" rel="noreferrer">流程图</a>}
        >
          <Space size={16} style={{ marginBottom: 12, color: '#888' }} wrap>
            <span>发起人：{task.starterName}</span>
            {task.dueTime ? <span data-testid="task-due">到期时间：{formatDateTime(task.dueTime)}{task.overdue ? <Tag color="error" style={{ marginLeft: 6 }}>已超时</Tag> : null}</span> : null}
          </Space>
          <RecordFormView form={c.view.form} schema={c.view.schema} info={{ formName: task.formName, recordId: task.recordId, mode: 'flow', loaded: true, ctx: c.ctx, def: c.def }} />
          {task.canAct ? (
            <>
              <Input.TextArea aria-label="审批意见" placeholder="请输入审批意见" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} style={{ marginTop: 12 }} />
              <Upload
                maxCount={20}
                customRequest={({ file, onSuccess, onError }) => {
                  const f = file as File;
                  uploadFile(f, f.name).then((r) => { setAttachments((a) => [...a, { name: f.name, url: r.url }]); onSuccess?.(r); }, (e: Error) => onError?.(e));
                }}
                onRemove={(f) => setAttachments((a) => a.filter((x) => x.name !== f.name))}
              >
                <Button size="small" style={{ marginTop: 8 }}>上传附件</Button>
              </Upload>
              <Space style={{ marginTop: 12 }} wrap>
                <Button type="primary" loading={c.acting} onClick={() => void run({ kind: 'approve', comment, attachments }, '审批成功')}>同意</Button>
                <Button danger onClick={() => setRejecting(true)}>驳回</Button>
                <Button onClick={() => setPicking({ kind: 'transfer' })}>转签</Button>
                <Radio.Group size="small" value={signPosition} onChange={(e) => setSignPosition(e.target.value)} optionType="button" options={[{ label: '前加签', value: 'before' }, { label: '后加签', value: 'after' }]} />
                <Button onClick={() => setPicking({ kind: 'addSign', position: signPosition })}>加签</Button>
              </Space>
            </>
          ) : (
            <Alert style={{ marginTop: 12 }} type="info" message="该任务已处理或不在您的待办中" />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={7}>
        <Card title="流转记录">{c.instance ? <FlowHistory history={c.instance.history} /> : <Spin />}</Card>
      </Col>
      <Modal title="驳回" open={rejecting} okText="确定" cancelText="取消" confirmLoading={c.acting} onCancel={() => setRejecting(false)}
        onOk={() => void run({ kind: 'reject', comment, attachments, targetNodeId: target || undefined }, '驳回成功').then(() => setRejecting(false))}>
        <Select aria-label="驳回到" style={{ width: '100%' }} value={target} onChange={setTarget}
          options={[{ value: '', label: '发起人（退回草稿）' }, ...task.rejectTargets.map((t) => ({ value: t.nodeId, label: t.nodeName }))]} />
      </Modal>
      <UserPickerDialog
        open={!!picking}
        multiple={picking?.kind === 'addSign'}
        initial={[]}
        requireSelection
        exclude={task.nodeUserIds}
        onCancel={() => setPicking(null)}
        onOk={(sel) => {
          const p = picking;
          setPicking(null);
          if (!p || !sel.length) return;
          if (p.kind === 'transfer') void run({ kind: 'transfer', comment, attachments, userId: sel[0].userId }, '转签成功');
          else void run({ kind: 'addSign', comment, attachments, userIds: sel.map((s) => s.userId), position: p.position }, '加签成功');
        }}
      />
    </Row>
  );
}
