/**
 * A role of the tenant, picked from the role list; the value is the role key the flow's BPMN
 * stores. An administrator without access to the role list types the key instead.
 */
import { useQuery } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { roleOptions } from '../../../api/roles';
import { queryKeys } from '../../../api/queryKeys';

export function RoleKeySelect({ label, value, onChange }: { label: string; value: string | undefined; onChange: (roleKey: string | undefined) => void }) {
  const roles = useQuery({ queryKey: queryKeys.roles.options(), queryFn: roleOptions, staleTime: 60_000, retry: false });
  if (roles.isError) return <Input aria-label={label} placeholder="角色标识，如 admin" value={value} onChange={(e) => onChange(e.target.value.trim() || undefined)} />;
  const options = (roles.data ?? []).map((r) => ({ value: r.roleKey, label: `${r.roleName}（${r.roleKey}）` }));
  if (value && !roles.isLoading && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select aria-label={label} showSearch allowClear placeholder="选择角色" value={value} optionFilterProp="label" loading={roles.isLoading}
      onChange={(v: string | undefined) => onChange(v || undefined)} options={options} style={{ minWidth: 200 }} />
  );
}
