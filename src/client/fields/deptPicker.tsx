/**
 * dept: the department tree as a tree select (single or multiple); `parentOrg` limits it to the
 * current user's department and below (spec 02 §2.5). Validates on blur like the other fields.
 */
import { connect, mapReadPretty } from '@formily/react';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { deptTreeOptions, type PickDept } from '../api/recordForm';
import { queryKeys } from '../api/queryKeys';
import { useRecordFormInfo } from './RecordFormContext';

/** The subtree rooted at `id`, or the whole tree when absent. */
export function subtreeOf(tree: PickDept[], id: number | string | null | undefined): PickDept[] {
  if (id == null) return tree;
  for (const n of tree) {
    if (String(n.id) === String(id)) return [n];
    const inner = subtreeOf(n.children ?? [], id);
    if (inner.length && inner !== n.children) return inner;
  }
  return [];
}

function labelOf(tree: PickDept[], id: unknown): string | undefined {
  for (const n of tree) {
    if (String(n.id) === String(id)) return n.label;
    const inner = labelOf(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

function useDeptTree() {
  return useQuery({ queryKey: queryKeys.pickers.deptTree(), queryFn: deptTreeOptions, staleTime: 60_000 }).data ?? [];
}

interface Props {
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  multiple?: boolean;
  parentOrg?: unknown;
  disabled?: boolean;
  placeholder?: string;
}

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

const toTreeData = (nodes: PickDept[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.label, children: n.children?.length ? toTreeData(n.children) : undefined }));

/** dept. */
export const DeptPicker = connect(
  function DeptPicker(props: Props) {
    const { ctx } = useRecordFormInfo();
    const tree = useDeptTree();
    const shown = props.parentOrg ? subtreeOf(tree, ctx.deptId) : tree;
    return (
      <TreeSelect
        style={{ width: '100%' }}
        treeData={toTreeData(shown)}
        value={props.value ?? undefined}
        multiple={props.multiple}
        disabled={props.disabled}
        placeholder={props.placeholder ?? '请选择部门'}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        onChange={(v) => props.onChange?.((v as number | number[] | undefined) ?? (props.multiple ? [] : null))}
      />
    );
  },
  mapReadPretty(function DeptText({ value }: Props) {
    const tree = useDeptTree();
    const ids = Array.isArray(value) ? value : value == null ? [] : [value];
    return ids.length ? <span>{ids.map((id) => labelOf(tree, id) ?? String(id)).join('、')}</span> : <span className="fw-empty-text">-</span>;
  }),
);
