/** Approval-flow calls (docs/api-flows.md): the three lists, a task, an instance, its diagram and the actions. */
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';

/** Which list: 我的待办, 我的已办, 我发起的. */
export type FlowListKind = 'todo' | 'done' | 'started';

/** One row of 我的待办 / 我的已办. */
export interface FlowTaskRow {
  taskId: number;
  taskName: string;
  instanceId: number;
  formName: string;
  recordId: number;
  title: string;
  starterName: string;
  result?: string | null;
  comment?: string;
  createTime: string;
  endTime?: string | null;
  instanceStatus: InstanceStatus;
}

/** One row of 我发起的. */
export interface FlowStartedRow {
  instanceId: number;
  formName: string;
  recordId: number;
  title: string;
  status: InstanceStatus;
  currentNodes: string;
  createTime: string;
  endTime: string | null;
}

export type InstanceStatus = 'running' | 'completed' | 'rejected' | 'withdrawn' | 'cancelled';

/** A task as the task page needs it. */
export interface FlowTask {
  taskId: number;
  nodeId: string;
  nodeName: string;
  status: string;
  instanceId: number;
  instanceStatus: InstanceStatus;
  formName: string;
  recordId: number;
  title: string;
  starterName: string;
  visibleMap: Record<string, boolean>;
  editable: string[];
  canAct: boolean;
  rejectTargets: { nodeId: string; nodeName: string }[];
  record: Record<string, unknown>;
}

/** One history entry. */
export interface FlowHistoryEntry {
  id: number;
  nodeName: string;
  action: 'submit' | 'approve' | 'reject' | 'withdraw' | 'transfer' | 'addSign' | 'reassign' | 'end';
  userName: string;
  comment: string;
  attachments: FlowAttachment[];
  target: string;
  createTime: string;
}

/** An instance with its history. */
export interface FlowInstance {
  instanceId: number;
  formName: string;
  formCnName: string;
  recordId: number;
  title: string;
  status: InstanceStatus;
  starterName: string;
  history: FlowHistoryEntry[];
  activeNodes: string[];
  canWithdraw: boolean;
  myTaskId: number | null;
}

const LIST_URL: Record<FlowListKind, string> = { todo: '/flowable/task/todoList', done: '/flowable/task/finishedList', started: '/flowable/task/myProcess' };

/** A page of one of the three lists. */
export function pageFlowList<T = FlowTaskRow | FlowStartedRow>(kind: FlowListKind, query: { pageNum: number; pageSize: number; keyword?: string }): Promise<PageResponse<T>> {
  return get(LIST_URL[kind], { pageNum: query.pageNum, pageSize: query.pageSize, ...(query.keyword?.trim() ? { keyword: query.keyword.trim() } : {}) });
}

/** How many open tasks the user has. */
export function todoCount(): Promise<DataResponse<number>> {
  return get('/flowable/task/todoCount', undefined, { silent: true });
}

export const getFlowTask = (taskId: number): Promise<DataResponse<FlowTask>> => get(`/flowable/task/${taskId}`);
export const getFlowInstance = (id: number): Promise<DataResponse<FlowInstance>> => get(`/flowable/instance/${id}`);
/** The newest instance of a record (null: none); silent, since the detail page's panel only adds to it. */
export const getRecordFlowInstance = (formName: string, recordId: number): Promise<DataResponse<{ instanceId: number; status: InstanceStatus } | null>> =>
  get(`/flowable/instance/record/${encodeURIComponent(formName)}/${recordId}`, undefined, { silent: true });
export const getFlowDiagram = (id: number): Promise<DataResponse<{ xml: string; activeNodes: string[]; finishedNodes: string[] }>> => get(`/flowable/instance/${id}/diagram`);

/** A file attached to an action's comment (from the upload call). */
export interface FlowAttachment {
  name: string;
  url: string;
}

/** The actions (each with an optional comment and attachments). */
export const flowActions = {
  approve: (taskId: number, comment: string, attachments: FlowAttachment[], data?: Record<string, unknown>) => post('/flowable/task/complete', { taskId, comment, attachments, ...(data ? { data } : {}) }),
  reject: (taskId: number, comment: string, attachments: FlowAttachment[], targetNodeId?: string) => post('/flowable/task/reject', { taskId, comment, attachments, ...(targetNodeId ? { targetNodeId } : {}) }),
  transfer: (taskId: number, comment: string, attachments: FlowAttachment[], userId: number) => post('/flowable/task/assignTask', { taskId, comment, attachments, userId }),
  addSign: (taskId: number, comment: string, attachments: FlowAttachment[], userIds: number[], position: 'before' | 'after') => post('/flowable/task/addSign', { taskId, comment, attachments, userIds, position }),
  withdraw: (instanceId: number, comment: string) => post('/flowable/task/revokeProcess', { instanceId, comment }),
};

/** Per user task: fields hidden from it and fields it may edit. */
export type NodeFields = Record<string, { hidden?: string[]; editable?: string[] }>;

/** The newest deployed flow of a form, or null. */
export function latestFlowDefinition(formName: string): Promise<DataResponse<{ id: number; version: number; name: string; bpmnXml: string; nodeFields: NodeFields } | null>> {
  return get(`/flowable/definition/latest/${encodeURIComponent(formName)}`);
}

/** Deploys a new version of a form's flow. */
export function deployFlowDefinition(body: { formName: string; name?: string; xml: string; nodeFields: NodeFields }): Promise<DataResponse<{ id: number; version: number }>> {
  return post('/flowable/definition/deploy', body);
}
