/**
 * 审批期限 of an 审批人 node (ADR 1049): N 工作小时 / 工作日 on the tenant's working-day calendar,
 * 到期处理 (仅提醒 / 自动通过 / 转交上级, with whom to escalate to, picked like the approver nodes'
 * members and roles) and 提前提醒. Off = no deadline.
 */
import { Checkbox, Form, InputNumber, Radio, Select, Space, Switch } from 'antd';
import {
  DEADLINE_ACTION_LABELS, DEADLINE_UNIT_LABELS, ESCALATE_KIND_LABELS, MAX_DEADLINE,
  type DeadlineAction, type DeadlineUnit, type EscalateKind, type NodeDeadline,
} from '../../../../shared/flows';
import { AccountSelect } from './AccountSelect';
import { RoleKeySelect } from './RoleKeySelect';

/** Which member of a role takes an overdue task (escalationTarget, ADR 1061): said where the role is chosen. */
export const ESCALATE_ROLE_HINT = '转交给该角色中编号最小的在职成员（处理人本人除外）';

const FRESH: NodeDeadline = { amount: 1, unit: 'day', action: 'remind' };

export function DeadlineEditor({ value, onChange }: { value: NodeDeadline | undefined; onChange: (d: NodeDeadline | undefined) => void }) {
  const d = value;
  const set = (patch: Partial<NodeDeadline>) => onChange({ ...(d ?? FRESH), ...patch });
  return (
    <>
      <Form.Item label="审批期限" extra="按工作日历计算，非工作时间和节假日不计入">
        <Space wrap>
          <Switch aria-label="设置审批期限" checked={!!d} onChange={(on) => onChange(on ? FRESH : undefined)} />
          {d ? (
            <>
              <InputNumber aria-label="审批期限时长" min={1} max={MAX_DEADLINE[d.unit]} precision={0} value={d.amount} onChange={(v) => set({ amount: Number(v ?? 1) })} />
              <Select aria-label="审批期限单位" style={{ width: 110 }} value={d.unit} onChange={(unit: DeadlineUnit) => set({ unit })}
                options={(['hour', 'day'] as const).map((u) => ({ value: u, label: DEADLINE_UNIT_LABELS[u] }))} />
            </>
          ) : null}
        </Space>
      </Form.Item>
      {d ? (
        <>
          <Form.Item label="到期处理">
            <Radio.Group aria-label="到期处理" value={d.action} onChange={(e) => set({ action: e.target.value as DeadlineAction, ...(e.target.value === 'escalate' ? { escalate: d.escalate ?? { kind: 'leader' } } : { escalate: undefined }) })}
              options={(['remind', 'autoApprove', 'escalate'] as const).map((a) => ({ value: a, label: DEADLINE_ACTION_LABELS[a] }))} />
          </Form.Item>
          {d.action === 'remind' ? (
            <Form.Item><Checkbox checked={!!d.notifyStarter} onChange={(e) => set({ notifyStarter: e.target.checked || undefined })}>同时提醒发起人</Checkbox></Form.Item>
          ) : null}
          {d.action === 'escalate' ? (
            <Form.Item label="转交给" extra={d.escalate?.kind === 'role' ? ESCALATE_ROLE_HINT : undefined}>
              <Space wrap>
                <Select aria-label="转交对象" style={{ width: 180 }} value={d.escalate?.kind ?? 'leader'} onChange={(kind: EscalateKind) => set({ escalate: { kind } })}
                  options={(['leader', 'user', 'role'] as const).map((k) => ({ value: k, label: ESCALATE_KIND_LABELS[k] }))} />
                {d.escalate?.kind === 'user' ? <AccountSelect label="转交成员" value={d.escalate.value} onChange={(value) => set({ escalate: { kind: 'user', value } })} /> : null}
                {d.escalate?.kind === 'role' ? <RoleKeySelect label="转交角色" value={d.escalate.value} onChange={(value) => set({ escalate: { kind: 'role', value } })} /> : null}
              </Space>
            </Form.Item>
          ) : null}
          <Form.Item label="提前提醒" extra="到期前提醒处理人（工作小时），不填则不提醒">
            <InputNumber aria-label="提前提醒" min={1} precision={0} addonAfter="小时" value={d.remindBeforeHours ?? null}
              onChange={(v) => set({ remindBeforeHours: v === null ? undefined : Number(v) })} />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}
