/**
 * What keeps a builder model from being deployed, in the builder's words (ADR 1047). The server
 * still checks the compiled BPMN on deploy (parseBpmn); these are the same rules said where the
 * administrator clicked, before compiling.
 */
import { deadlineProblem } from './nodeDeadline.js';
import { ASSIGNEE_KIND_LABELS, VALUELESS_OPS, type Assignee, type BuilderNode, type FlowModel } from './builderModel.js';

const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,62}$/;
/** N of the N-th level leader: 1 (the starter's own department) to 10 levels up. */
export const MAX_LEADER_LEVEL = 10;

function assigneeProblem(a: Assignee, fields: ReadonlySet<string>): string | null {
  const v = a.value?.trim() ?? '';
  if (a.kind === 'starterLeader') return null;
  if (!v) return `请选择${ASSIGNEE_KIND_LABELS[a.kind]}`;
  if (a.kind === 'levelLeader' && !(/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_LEADER_LEVEL)) return `上级层级须为 1 到 ${MAX_LEADER_LEVEL}`;
  if ((a.kind === 'field' || a.kind === 'deptFieldLeader') && !fields.has(v)) return `字段 ${v} 不在表单中`;
  if (a.kind === 'deptLeader' && !/^\d{1,15}$/.test(v)) return '请选择部门';
  return null;
}

/** Each problem with the id of the node (or branch) it belongs to; empty when the model can be deployed. */
export function modelProblems(model: FlowModel, fields: ReadonlySet<string>): { id: string; message: string }[] {
  const out: { id: string; message: string }[] = [];
  const ids = new Set<string>();
  let approvers = 0;
  const id = (x: string) => {
    if (!NCNAME.test(x) || x === 'start' || x === 'end' || x.endsWith('_join')) out.push({ id: x, message: `编号 ${x} 无效` });
    else if (ids.has(x)) out.push({ id: x, message: `编号 ${x} 重复` });
    ids.add(x);
  };
  const walk = (nodes: BuilderNode[]) => {
    for (const n of nodes) {
      id(n.id);
      const name = n.name.trim() || n.id;
      if (n.type !== 'branch') {
        if (n.type === 'approver') approvers++;
        const p = assigneeProblem(n.assignee, fields);
        if (p) out.push({ id: n.id, message: `「${name}」：${p}` });
        if (n.type === 'approver') for (const f of Object.keys(n.fieldRights ?? {})) if (!fields.has(f)) out.push({ id: n.id, message: `「${name}」的字段权限含有不存在的字段 ${f}` });
        const late = n.type === 'approver' && n.deadline ? deadlineProblem(n.deadline) : null;
        if (late) out.push({ id: n.id, message: `「${name}」：${late}` });
        continue;
      }
      const defaults = n.branches.filter((b) => b.isDefault);
      if (n.branches.length < 2) out.push({ id: n.id, message: `「${name}」至少需要两个分支` });
      if (defaults.length !== 1 || !n.branches[n.branches.length - 1].isDefault) out.push({ id: n.id, message: `「${name}」须以「其他情况」结束` });
      for (const b of n.branches) {
        id(b.id);
        if (!b.isDefault && !b.conditions.length) out.push({ id: b.id, message: `「${name}」的分支「${b.name}」还没有条件` });
        for (const c of b.conditions) {
          if (!fields.has(c.field)) out.push({ id: b.id, message: `分支「${b.name}」的条件字段 ${c.field} 不在表单中` });
          else if (!VALUELESS_OPS.has(c.op) && (c.value === undefined || c.value === '')) out.push({ id: b.id, message: `分支「${b.name}」的条件缺少比较值` });
        }
        walk(b.nodes);
      }
    }
  };
  walk(model.nodes);
  if (!approvers) out.push({ id: 'start', message: '流程至少需要一个审批人' });
  return out;
}
