/** The preview's user switcher: user id, name, department and roles, so conditions can be tried. */
import { Form, Input, InputNumber, Select } from 'antd';
import type { UserContext } from '../../../schema-adapters/definition/types';

/** The switcher. */
export function UserContextSwitcher({ ctx, onChange }: { ctx: UserContext; onChange: (ctx: UserContext) => void }) {
  const set = (patch: Partial<UserContext>) => onChange({ ...ctx, ...patch });
  return (
    <Form layout="inline" size="small" className="fw-preview-user">
      <Form.Item label="用户ID"><InputNumber aria-label="用户ID" value={Number(ctx.userId)} onChange={(v) => set({ userId: v ?? 0 })} /></Form.Item>
      <Form.Item label="用户名"><Input aria-label="用户名" value={ctx.userName} onChange={(e) => set({ userName: e.target.value })} style={{ width: 110 }} /></Form.Item>
      <Form.Item label="部门ID"><InputNumber aria-label="部门ID" value={ctx.deptId == null ? null : Number(ctx.deptId)} onChange={(v) => set({ deptId: v ?? null })} /></Form.Item>
      <Form.Item label="角色"><Select aria-label="角色" mode="tags" value={ctx.roleKeys} onChange={(v) => set({ roleKeys: v })} style={{ minWidth: 160 }} tokenSeparators={[',']} /></Form.Item>
      <Form.Item label="角色名称"><Select aria-label="角色名称" mode="tags" value={ctx.roleNames} onChange={(v) => set({ roleNames: v })} style={{ minWidth: 160 }} tokenSeparators={[',']} /></Form.Item>
      <Form.Item label="公司ID"><InputNumber aria-label="公司ID" value={ctx.companyId == null ? null : Number(ctx.companyId)} onChange={(v) => set({ companyId: v ?? null })} /></Form.Item>
    </Form>
  );
}
