/** Chinese labels of instance statuses and history actions. */
import type { FlowHistoryEntry, InstanceStatus } from '../../api/flows';

export const STATUS_LABELS: Record<InstanceStatus, { text: string; color: string }> = {
  running: { text: '审批中', color: 'processing' },
  completed: { text: '已完成', color: 'success' },
  rejected: { text: '已驳回', color: 'error' },
  withdrawn: { text: '已撤回', color: 'default' },
  cancelled: { text: '已取消', color: 'default' },
};

export const ACTION_LABELS: Record<FlowHistoryEntry['action'], string> = {
  submit: '提交',
  approve: '同意',
  reject: '驳回',
  withdraw: '撤回',
  transfer: '转签',
  addSign: '加签',
  reassign: '改派',
  end: '流程结束',
  cc: '抄送',
  urge: '催办',
  auto: '自动处理',
  timeout: '超时处理',
};

/** The task page of a task. */
export const taskPath = (taskId: number) => `/flow/task/${taskId}`;
/** The instance page (history, diagram) of an instance. */
export const instancePath = (instanceId: number) => `/flow/instance/${instanceId}`;
/** The diagram page (spec 02: /flow-pic keeps its document title). */
export const flowPicPath = (instanceId: number) => `/flow-pic?processInstanceId=${instanceId}`;
