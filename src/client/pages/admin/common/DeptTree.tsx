/** A searchable department tree (users page filter). */
import { Input, Tree } from 'antd';
import { useMemo, useState } from 'react';
import type { DeptNode } from '../../../api/depts';

function filterTree(nodes: DeptNode[], text: string): DeptNode[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    return n.label.includes(text) || children.length ? [{ ...n, children }] : [];
  });
}

/** Department tree; `onSelect(undefined)` when the selection is cleared. */
export function DeptTree({ nodes, onSelect }: { nodes: DeptNode[]; onSelect: (deptId: number | undefined) => void }) {
  const [text, setText] = useState('');
  const data = useMemo(() => filterTree(nodes, text.trim()), [nodes, text]);
  return (
    <div>
      <Input.Search placeholder="请输入部门名称" allowClear onChange={(e) => setText(e.target.value)} style={{ marginBottom: 8 }} />
      <Tree
        blockNode
        defaultExpandAll
        key={text + nodes.length}
        treeData={data as never}
        fieldNames={{ title: 'label', key: 'id', children: 'children' }}
        onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
      />
    </div>
  );
}
