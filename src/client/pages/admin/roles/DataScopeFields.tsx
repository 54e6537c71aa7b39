/**
 * 数据权限 of the role dialog (issue 35): the scope, and the department tree of a custom scope
 * (自定数据权限). The server enforces the scope on every record read (docs/security.md).
 */
import { Form, Select, Tree } from 'antd';
import type { DeptNode } from '../../../api/depts';

/** RuoYi's scope codes and texts. */
export const DATA_SCOPE_OPTIONS = [
  { value: '1', label: '全部数据权限' },
  { value: '2', label: '自定数据权限' },
  { value: '3', label: '本部门数据权限' },
  { value: '4', label: '本部门及以下数据权限' },
  { value: '5', label: '仅本人数据权限' },
];

interface TreeData { key: number; title: string; children?: TreeData[] }
const toTree = (nodes: DeptNode[]): TreeData[] => nodes.map((n) => ({ key: n.id, title: String(n.label), children: n.children?.length ? toTree(n.children) : undefined }));

/** The department ids checked in the tree (checked one by one: a parent does not check its children). */
function DeptChecks({ value, onChange, depts }: { value?: number[]; onChange?: (v: number[]) => void; depts: DeptNode[] }) {
  return (
    <div data-testid="role-dept-tree" style={{ maxHeight: 240, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}>
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        treeData={toTree(depts)}
        checkedKeys={value ?? []}
        onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(Number))}
      />
    </div>
  );
}

/** The scope select and, for 自定数据权限, the department tree. */
export function DataScopeFields({ depts }: { depts: DeptNode[] }) {
  const scope = Form.useWatch('dataScope');
  return (
    <>
      <Form.Item name="dataScope" label="数据权限" extra="角色的用户在表单列表、合计、导出、打印和批量修改中只看到此范围内的记录">
        <Select options={DATA_SCOPE_OPTIONS} aria-label="数据权限" />
      </Form.Item>
      {scope === '2' && (
        <Form.Item name="deptIds" label="数据范围" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个部门' }]}>
          <DeptChecks depts={depts} />
        </Form.Item>
      )}
    </>
  );
}
