/** The preview's user switcher: the user (picked by name), department and roles, so conditions can be tried. */
import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Select } from 'antd';
import { useState } from 'react';
import type { UserContext } from '../../../schema-adapters/definition/types';
import { searchUsers } from '../api/pickerOptions';
import { queryKeys } from '../api/queryKeys';
import { useUserLabels } from '../fields/data/useUserLabels';

/** 用户: a search by name over the tenant's users; picking one sets its id, names and department. */
function UserPicker({ ctx, set }: { ctx: UserContext; set: (patch: Partial<UserContext>) => void }) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: queryKeys.pickers.userSearch(keyword, false), queryFn: () => searchUsers(keyword, false), staleTime: 60_000 });
  const id = Number(ctx.userId);
  const known = useUserLabels(Number.isFinite(id) && id > 0 ? [id] : []);
  const users = found.data ?? [];
  // The current user shows by name even when the search does not list it.
  const current = ctx.nickName || known.get(id) || ctx.userName || String(ctx.userId);
  const options = users.map((u) => ({ label: u.nickName, value: u.userId }));
  if (!options.some((o) => o.value === id)) options.unshift({ label: current, value: id });
  return (
    <Select<number>
      aria-label="用户"
      showSearch
      filterOption={false}
      style={{ width: 140 }}
      value={id}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? '加载中…' : '没有找到用户'}
      onSearch={setKeyword}
      onChange={(userId) => {
        const u = users.find((x) => x.userId === userId);
        if (u) set({ userId: u.userId, nickName: u.nickName, userName: u.userName ?? u.nickName, ...(u.deptId != null ? { deptId: u.deptId } : {}) });
      }}
    />
  );
}

/** The switcher. */
export function UserContextSwitcher({ ctx, onChange }: { ctx: UserContext; onChange: (ctx: UserContext) => void }) {
  const set = (patch: Partial<UserContext>) => onChange({ ...ctx, ...patch });
  return (
    <Form layout="inline" size="small" className="fw-preview-user">
      <Form.Item label="用户"><UserPicker ctx={ctx} set={set} /></Form.Item>
      <Form.Item label="部门ID"><InputNumber aria-label="部门ID" value={ctx.deptId == null ? null : Number(ctx.deptId)} onChange={(v) => set({ deptId: v ?? null })} /></Form.Item>
      <Form.Item label="角色"><Select aria-label="角色" mode="tags" value={ctx.roleKeys} onChange={(v) => set({ roleKeys: v })} style={{ minWidth: 160 }} tokenSeparators={[',']} /></Form.Item>
      <Form.Item label="角色名称"><Select aria-label="角色名称" mode="tags" value={ctx.roleNames} onChange={(v) => set({ roleNames: v })} style={{ minWidth: 160 }} tokenSeparators={[',']} /></Form.Item>
      <Form.Item label="公司ID"><InputNumber aria-label="公司ID" value={ctx.companyId == null ? null : Number(ctx.companyId)} onChange={(v) => set({ companyId: v ?? null })} /></Form.Item>
    </Form>
  );
}
