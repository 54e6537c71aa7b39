/**
 * dept (issue 7 §3): a cascader over the department tree (`GET /api/system/dept/treeselect`, any
 * level may be chosen), or — when the field has `parentOrg`, i.e. is limited to the current
 * department — a select of the user's department and those below it
 * (`GET /api/system/dept/currentUser/subList`). Single or multiple; the stored value is the
 * department id (a list when multiple). Validates on blur like the other fields.
 */
import { connect, mapReadPretty } from '@formily/react';
import { useQuery } from '@tanstack/react-query';
import { currentDeptOptions, deptTreeOptions, type PickDept } from '../api/pickerOptions';
import { queryKeys } from '../api/queryKeys';
import { Cascader, Select } from 'antd';
import { deptPath, type DeptValue } from './data/deptPath';
import { useDeptLabels } from './data/useDeptLabels';

function useDeptTree() {
  return useQuery({ queryKey: queryKeys.pickers.deptTree(), queryFn: deptTreeOptions, staleTime: 60_000 }).data ?? [];
}

function useOwnDepts(enabled: boolean) {
  return useQuery({ queryKey: [...queryKeys.pickers.all, 'currentDeptSubList'], queryFn: currentDeptOptions, staleTime: 60_000, enabled }).data ?? [];
}

interface Props {
  value?: DeptValue;
  onChange?: (v: DeptValue) => void;
  multiple?: boolean;
  parentOrg?: unknown;
  disabled?: boolean;
  placeholder?: string;
}

interface CascaderOption {
  value: number;
  label: string;
  children?: CascaderOption[];
}

const toOptions = (nodes: PickDept[]): CascaderOption[] =>
  nodes.map((n) => ({ value: n.id, label: n.label, children: n.children?.length ? toOptions(n.children) : undefined }));

const last = (path: readonly (string | number)[]): number => Number(path[path.length - 1]);

function OwnDeptSelect(props: Props) {
  const depts = useOwnDepts(true);
  return (
    <Select
      style={{ width: '100%' }}
      options={depts.map((d) => ({ value: d.deptId, label: d.deptName }))}
      value={props.value ?? undefined}
      mode={props.multiple ? 'multiple' : undefined}
      disabled={props.disabled}
      placeholder={props.placeholder ?? '请选择部门'}
      allowClear
      showSearch
      optionFilterProp="label"
      onChange={(v) => props.onChange?.((v as number | number[] | undefined) ?? (props.multiple ? [] : null))}
    />
  );
}

function DeptCascader(props: Props) {
  const tree = useDeptTree();
  const common = { style: { width: '100%' }, options: toOptions(tree), disabled: props.disabled, placeholder: props.placeholder ?? '请选择部门', allowClear: true, showSearch: true, changeOnSelect: true };
  if (props.multiple) {
    const ids = Array.isArray(props.value) ? props.value : [];
    return (
      <Cascader
        {...common}
        multiple
        showCheckedStrategy={Cascader.SHOW_PARENT}
        value={ids.map((id) => deptPath(tree, id)).filter((p) => p.length > 0)}
        onChange={(paths) => props.onChange?.([...new Set((paths ?? []).map((p) => last(p)))])}
      />
    );
  }
  const id = Array.isArray(props.value) ? props.value[0] : props.value;
  return (
    <Cascader
      {...common}
      value={id == null ? undefined : deptPath(tree, id)}
      onChange={(path) => props.onChange?.(path && path.length ? last(path) : null)}
    />
  );
}

/** dept. */
export const DeptPicker = connect(
  function DeptPicker(props: Props) {
    return props.parentOrg ? <OwnDeptSelect {...props} /> : <DeptCascader {...props} />;
  },
  mapReadPretty(function DeptText({ value }: Props) {
    const ids = (Array.isArray(value) ? value : value == null ? [] : [value]).map(Number);
    // By id, batched with the page's other department fields (spec 02 §7), not the active-only tree.
    const names = useDeptLabels(ids);
    return ids.length ? <span>{ids.map((id) => names.get(id) ?? String(id)).join('、')}</span> : <span className="fw-empty-text">-</span>;
  }),
);
