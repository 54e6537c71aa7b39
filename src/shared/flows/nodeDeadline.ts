/**
 * 审批期限 of an approver node (issue 30 item 2, ADR 1049): N working hours or days on the tenant's
 * working-day calendar, what happens when they pass (仅提醒 / 自动通过 / 转交上级) and an optional
 * reminder before. Stored as `formwork:` attributes of the userTask, like the node's other
 * settings; this module writes and reads those attributes, so the builder's compiler, its parser
 * and the engine's parseBpmn agree on one format.
 */

/** What happens when a task's deadline passes. */
export type DeadlineAction = 'remind' | 'autoApprove' | 'escalate';
export const DEADLINE_ACTIONS: readonly DeadlineAction[] = ['remind', 'autoApprove', 'escalate'];
export const DEADLINE_ACTION_LABELS: Record<DeadlineAction, string> = { remind: '仅提醒', autoApprove: '自动通过', escalate: '转交上级' };

/** Whom an overdue task is escalated to: the assignee's department leader, a named user, a role's first member. */
export type EscalateKind = 'leader' | 'user' | 'role';
export const ESCALATE_KINDS: readonly EscalateKind[] = ['leader', 'user', 'role'];
export const ESCALATE_KIND_LABELS: Record<EscalateKind, string> = { leader: '处理人的部门负责人', user: '指定成员', role: '角色' };

export type DeadlineUnit = 'hour' | 'day';
export const DEADLINE_UNIT_LABELS: Record<DeadlineUnit, string> = { hour: '工作小时', day: '工作日' };

/** Bounds: a year of working days, and the hours of 60 such days. */
export const MAX_DEADLINE = { hour: 480, day: 250 } as const;

export interface NodeDeadline {
  amount: number;
  unit: DeadlineUnit;
  action: DeadlineAction;
  /** 仅提醒: also tell the starter. */
  notifyStarter?: boolean;
  /** 转交上级: to whom (default: the assignee's department leader). */
  escalate?: { kind: EscalateKind; value?: string };
  /** 提前提醒: working hours before the deadline the assignees are reminded (less than the deadline). */
  remindBeforeHours?: number;
}

/** The userTask attributes of a deadline (names without the `formwork:` prefix), in a fixed order. */
export function deadlineAttrs(d: NodeDeadline | undefined): [string, string][] {
  if (!d) return [];
  const out: [string, string][] = [['deadline', `${d.amount}${d.unit === 'hour' ? 'h' : 'd'}`], ['deadlineAction', d.action]];
  if (d.action === 'remind' && d.notifyStarter) out.push(['deadlineNotifyStarter', 'true']);
  if (d.action === 'escalate' && d.escalate) {
    out.push(['escalateType', d.escalate.kind]);
    if (d.escalate.kind !== 'leader' && d.escalate.value) out.push(['escalateTo', d.escalate.value]);
  }
  if (d.remindBeforeHours) out.push(['remindBefore', `${d.remindBeforeHours}h`]);
  return out;
}

/** Why a deadline cannot be used, in the administrator's words; null when it can. */
export function deadlineProblem(d: NodeDeadline): string | null {
  if (!Number.isInteger(d.amount) || d.amount < 1 || d.amount > MAX_DEADLINE[d.unit]) return `审批期限须为 1 到 ${MAX_DEADLINE[d.unit]} 个${DEADLINE_UNIT_LABELS[d.unit]}`;
  if (!DEADLINE_ACTIONS.includes(d.action)) return '到期处理须为仅提醒、自动通过或转交上级';
  if (d.action === 'escalate' && d.escalate) {
    if (!ESCALATE_KINDS.includes(d.escalate.kind)) return '转交对象须为处理人的部门负责人、指定成员或角色';
    if (d.escalate.kind !== 'leader' && !d.escalate.value?.trim()) return `请选择转交的${ESCALATE_KIND_LABELS[d.escalate.kind]}`;
  }
  const r = d.remindBeforeHours;
  if (r !== undefined && (!Number.isInteger(r) || r < 1)) return '提前提醒须为正整数小时';
  if (r !== undefined && d.unit === 'hour' && r >= d.amount) return '提前提醒的时间须短于审批期限';
  return null;
}

/**
 * The deadline of a userTask from its attributes (`get` answers one trimmed attribute or
 * undefined): `{ deadline }`, `{}` when the node has none, or `{ error }` naming what is wrong.
 */
export function parseDeadlineAttrs(get: (name: string) => string | undefined): { deadline?: NodeDeadline; error?: string } {
  const text = get('deadline');
  const rest = ['deadlineAction', 'deadlineNotifyStarter', 'escalateType', 'escalateTo', 'remindBefore'].filter((n) => get(n) !== undefined);
  if (text === undefined) return rest.length ? { error: `设置了 ${rest.join('、')} 却没有审批期限（deadline）` } : {};
  const m = /^(\d{1,4})([hd])$/.exec(text);
  if (!m) return { error: `审批期限须写成 8h（工作小时）或 2d（工作日）（当前为 ${text}）` };
  const action = (get('deadlineAction') ?? 'remind') as DeadlineAction;
  if (!DEADLINE_ACTIONS.includes(action)) return { error: `到期处理须为 ${DEADLINE_ACTIONS.join('/')}（当前为 ${action}）` };
  const d: NodeDeadline = { amount: Number(m[1]), unit: m[2] === 'h' ? 'hour' : 'day', action };
  const starter = get('deadlineNotifyStarter');
  if (starter !== undefined && starter !== 'true' && starter !== 'false') return { error: `deadlineNotifyStarter 须为 true 或 false（当前为 ${starter}）` };
  if (starter === 'true') d.notifyStarter = true;
  const kind = get('escalateType');
  if (kind !== undefined) d.escalate = { kind: kind as EscalateKind, ...(get('escalateTo') !== undefined ? { value: get('escalateTo') } : {}) };
  else if (get('escalateTo') !== undefined) return { error: '设置了 escalateTo 却没有 escalateType' };
  const before = get('remindBefore');
  if (before !== undefined) {
    const b = /^(\d{1,4})h$/.exec(before);
    if (!b) return { error: `提前提醒须写成 2h（当前为 ${before}）` };
    d.remindBeforeHours = Number(b[1]);
  }
  const problem = deadlineProblem(d);
  return problem ? { error: problem } : { deadline: d };
}
