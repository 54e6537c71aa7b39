/**
 * 审批流程搭建 (issue 30 item 1, ADR 1047): pick any form, build its approval flow as a vertical
 * node list starting at 发起人 (add nodes with the 「+」 between them, configure one in its
 * drawer), save = deploy a new version (running instances keep theirs; a plain form becomes a
 * flow form). A definition the builder cannot show says why and offers the modeller (流程设计).
 */
import { Alert, Button, Card, Flex, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { newNode, type ApproverNode, type CcNode, type FlowModel } from '../../../../shared/flows';
import { useFeedback } from '../../../feedback/useFeedback';
import { useNavigate } from '../../../routing/navigation';
import { BranchDrawer } from './BranchDrawer';
import { addBranch, findBranch, findNode, insertNode, removeNode, replaceBranch, replaceNode } from './modelEdit';
import { NodeDrawer } from './NodeDrawer';
import { NodeList, type ListActions } from './NodeList';
import { useFlowBuilder } from './useFlowBuilder';

const NOBODY = [
  { value: 'refuse', label: '不允许提交' },
  { value: 'skip', label: '自动跳过该节点' },
  { value: 'admin', label: '转交管理员' },
];

/** The builder page. */
export default function FlowBuilderPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const b = useFlowBuilder(new URLSearchParams(useSearch()).get('form') ?? '');
  const [open, setOpen] = useState<{ node?: string; branch?: string }>({});
  const model = b.model;
  const edit = (fn: (m: FlowModel) => FlowModel) => model && b.setModel(fn(model));
  const nodes = (fn: (n: FlowModel['nodes']) => FlowModel['nodes']) => edit((m) => ({ ...m, nodes: fn(m.nodes) }));
  const problemOf = (id: string) => b.problems.find((p) => p.id === id)?.message;

  const actions: ListActions = {
    add: (owner, index, type) => {
      const n = newNode(type);
      nodes((list) => insertNode(list, owner, index, n));
      if (type !== 'branch') setOpen({ node: n.id });
    },
    open: (id) => setOpen({ node: id }),
    openBranch: (id) => setOpen({ branch: id }),
    remove: (id) => nodes((list) => removeNode(list, id)),
    addBranch: (id) => nodes((list) => addBranch(list, id)),
    problemOf,
  };
  const node = model && open.node ? (findNode(model.nodes, open.node) as ApproverNode | CcNode | undefined) ?? null : null;
  const branchHit = model && open.branch ? findBranch(model.nodes, open.branch) : undefined;

  const save = async () => {
    if (!model) return;
    if (b.problems.length) {
      void message.error(b.problems[0].message);
      return;
    }
    const r = await b.save(model);
    void message.success(`已部署第 ${r.version} 版`);
  };

  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <Select aria-label="表单" showSearch optionFilterProp="label" placeholder="选择表单" style={{ width: 260 }} value={b.formName || undefined} onChange={b.setFormName}
          options={b.forms.map((f) => ({ value: f.enName, label: `${f.cnName}（${f.enName}）` }))} />
        {b.formName && !b.loading ? (b.isFlowForm ? <Tag color="orange">流程表单</Tag> : <Tag>普通表单：保存后成为流程表单</Tag>) : null}
        {b.version ? <Tag>当前第 {b.version} 版</Tag> : null}
        <Button type="primary" disabled={!model} loading={b.saving} onClick={() => void save()}>保存并发布</Button>
        <Button onClick={() => navigate(`/flow/designer${b.formName ? `?form=${encodeURIComponent(b.formName)}` : ''}`)}>在流程设计中打开</Button>
      </Space>
      {!b.formName ? <Typography.Text type="secondary">请选择一个表单，为它搭建审批流程。</Typography.Text> : null}
      {b.cannotShow ? (
        <Alert type="warning" showIcon message="该流程无法在审批流程搭建中显示" description={b.cannotShow}
          action={<Button size="small" onClick={() => navigate(`/flow/designer?form=${encodeURIComponent(b.formName)}`)}>在流程设计中打开</Button>} />
      ) : null}
      {model ? (
        <>
          <Card size="small">
            <Form layout="inline">
              <Form.Item label="流程名称"><Input aria-label="流程名称" value={model.name} maxLength={100} onChange={(e) => edit((m) => ({ ...m, name: e.target.value }))} /></Form.Item>
              <Form.Item label="找不到审批人时">
                <Select aria-label="找不到审批人时" style={{ width: 160 }} value={model.settings?.nobodyRule ?? 'refuse'} options={NOBODY}
                  onChange={(v) => edit((m) => ({ ...m, settings: { ...m.settings, nobodyRule: v } }))} />
              </Form.Item>
              <Form.Item label="同一审批人连续出现时自动通过">
                <Switch aria-label="同一审批人连续出现时自动通过" checked={model.settings?.autoApproveRepeat === true} onChange={(v) => edit((m) => ({ ...m, settings: { ...m.settings, autoApproveRepeat: v } }))} />
              </Form.Item>
            </Form>
          </Card>
          {b.problems.length ? <Alert type="error" message={`还有 ${b.problems.length} 处需要设置`} description={b.problems.slice(0, 5).map((p) => <div key={p.id + p.message}>{p.message}</div>)} /> : null}
          <Flex vertical align="center" style={{ overflowX: 'auto', padding: 16 }}>
            <Card size="small" style={{ width: 220 }} data-node="start"><Typography.Text strong>发起人</Typography.Text><br /><Typography.Text type="secondary">所有有权提交的人</Typography.Text></Card>
            <NodeList nodes={model.nodes} owner="root" actions={actions} />
            <Card size="small" style={{ width: 120, textAlign: 'center' }}>流程结束</Card>
          </Flex>
        </>
      ) : null}
      <NodeDrawer node={node} fields={b.fields} onClose={() => setOpen({})} onChange={(n) => nodes((list) => replaceNode(list, n))} />
      <BranchDrawer branch={branchHit?.branch ?? null} fields={b.fields} canRemove={(branchHit?.node.branches.length ?? 0) > 2}
        onClose={() => setOpen({})} onChange={(x) => nodes((list) => replaceBranch(list, x))}
        onRemove={() => { if (branchHit) nodes((list) => replaceBranch(list, { id: branchHit.branch.id, remove: true })); setOpen({}); }} />
    </Flex>
  );
}
