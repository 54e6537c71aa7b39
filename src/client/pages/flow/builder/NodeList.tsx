/**
 * A vertical node list (the flow's, or a branch's): an add button before each node and after the
 * last; a 条件分支 shows its branches side by side, each with its own list.
 */
import { Button, Card, Flex, Typography } from 'antd';
import { Fragment } from 'react';
import { compileConditions, type BranchNode, type BuilderNode } from '../../../../shared/flows';
import { AddNodeButton } from './AddNodeButton';
import { NodeCard } from './NodeCard';

export interface ListActions {
  add(owner: string, index: number, type: BuilderNode['type']): void;
  open(id: string): void;
  openBranch(id: string): void;
  remove(id: string): void;
  addBranch(nodeId: string): void;
  problemOf(id: string): string | undefined;
}

const line = <div style={{ width: 2, height: 16, background: '#d9d9d9', margin: '0 auto' }} />;

function BranchBlock({ node, actions }: { node: BranchNode; actions: ListActions }) {
  return (
    <Card size="small" style={{ borderStyle: 'dashed' }} title={node.name} data-node={node.id}
      extra={<Flex gap={4}><Button size="small" onClick={() => actions.addBranch(node.id)}>添加条件</Button><Button size="small" danger onClick={() => actions.remove(node.id)}>删除分支</Button></Flex>}>
      <Flex gap={16} align="flex-start">
        {node.branches.map((b) => (
          <Flex key={b.id} vertical align="center" style={{ minWidth: 230 }}>
            <Card size="small" hoverable style={{ width: 220, borderColor: actions.problemOf(b.id) ? '#ff4d4f' : undefined }} onClick={() => actions.openBranch(b.id)} data-branch={b.id}>
              <Typography.Text strong>{b.name}</Typography.Text>
              <br />
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200 }}>{b.isDefault ? '其他条件都不满足时' : b.conditions.length ? compileConditions(b.conditions) : '请设置条件'}</Typography.Text>
            </Card>
            <NodeList nodes={b.nodes} owner={b.id} actions={actions} />
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

export function NodeList({ nodes, owner, actions }: { nodes: BuilderNode[]; owner: string; actions: ListActions }) {
  const adder = (i: number) => (
    <Flex vertical align="center">{line}<AddNodeButton label={`在此添加节点（${owner}-${i}）`} onAdd={(t) => actions.add(owner, i, t)} />{line}</Flex>
  );
  return (
    <Flex vertical align="center">
      {nodes.map((n, i) => (
        <Fragment key={n.id}>
          {adder(i)}
          {n.type === 'branch'
            ? <BranchBlock node={n} actions={actions} />
            : <NodeCard node={n} problem={actions.problemOf(n.id)} onOpen={() => actions.open(n.id)} onRemove={() => actions.remove(n.id)} />}
        </Fragment>
      ))}
      {adder(nodes.length)}
    </Flex>
  );
}
