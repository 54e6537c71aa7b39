/** Approval-flow calls (docs/api-flows.md): the four lists, a task, an instance, its diagram and the actions. */
import type { Static } from 'typebox';
import type {
  DeployBody,
  DeployedAnswer,
  FlowAttachmentSchema,
  FlowCcRowSchema,
  FlowDiagramSchema,
  FlowHistoryEntrySchema,
  FlowInstanceSchema,
  FlowStartedRowSchema,
  FlowTaskRowSchema,
  FlowTaskViewSchema,
  InstanceStatusSchema,
  NodeFieldsSchema,
  OptionalDefinitionAnswer,
  RecordInstanceAnswer,
} from '../../shared/contract/flows';
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';

/** Which list: 我的待办, 我的已办, 我发起的, 抄送我的. */
export type FlowListKind = 'todo' | 'done' | 'started' | 'cc';

/** One row of 我的待办 / 我的已办. */
export type FlowTaskRow = Static<typeof FlowTaskRowSchema>;

/** One row of 抄送我的. */
export type FlowCcRow = Static<typeof FlowCcRowSchema>;

/** One row of 我发起的. */
export type FlowStartedRow = Static<typeof FlowStartedRowSchema>;

export type InstanceStatus = Static<typeof InstanceStatusSchema>;

/** A task as the task page needs it. */
export type FlowTask = Static<typeof FlowTaskViewSchema>;

/** One history entry. */
export type FlowHistoryEntry = Static<typeof FlowHistoryEntrySchema>;

/** An instance with its history. */
export type FlowInstance = Static<typeof FlowInstanceSchema>;

/** A file attached to an action's comment (from the upload call). */
export type FlowAttachment = Static<typeof FlowAttachmentSchema>;

/** Per user task: fields hidden from it and fields it may edit. */
export type NodeFields = Static<typeof NodeFieldsSchema>;

const LIST_URL: Record<FlowListKind, string> = { todo: '/flowable/task/todoList', done: '/flowable/task/finishedList', started: '/flowable/task/myProcess', cc: '/flowable/task/ccList' };

/** A page of one of the lists. */
export function pageFlowList<T = FlowTaskRow | FlowStartedRow | FlowCcRow>(kind: FlowListKind, query: { pageNum: number; pageSize: number; keyword?: string }): Promise<PageResponse<T>> {
  return get(LIST_URL[kind], { pageNum: query.pageNum, pageSize: query.pageSize, ...(query.keyword?.trim() ? { keyword: query.keyword.trim() } : {}) });
}

/** How many open tasks the user has. */
export function todoCount(): Promise<DataResponse<number>> {
  return get('/flowable/task/todoCount', undefined, { silent: true });
}

export const getFlowTask = (taskId: number): Promise<DataResponse<FlowTask>> => get(`/flowable/task/${taskId}`);
export const getFlowInstance = (id: number): Promise<DataResponse<FlowInstance>> => get(`/flowable/instance/${id}`);
/** The newest instance of a record (null: none); silent, since the detail page's panel only adds to it. */
export const getRecordFlowInstance = (formName: string, recordId: number): Promise<Static<typeof RecordInstanceAnswer>> =>
  get(`/flowable/instance/record/${encodeURIComponent(formName)}/${recordId}`, undefined, { silent: true });
export const getFlowDiagram = (id: number): Promise<DataResponse<Static<typeof FlowDiagramSchema>>> => get(`/flowable/instance/${id}/diagram`);

/** The actions (each with an optional comment and attachments). */
export const flowActions = {
  approve: (taskId: number, comment: string, attachments: FlowAttachment[], data?: Record<string, unknown>) => post('/flowable/task/complete', { taskId, comment, attachments, ...(data ? { data } : {}) }),
  reject: (taskId: number, comment: string, attachments: FlowAttachment[], targetNodeId?: string) => post('/flowable/task/reject', { taskId, comment, attachments, ...(targetNodeId ? { targetNodeId } : {}) }),
  transfer: (taskId: number, comment: string, attachments: FlowAttachment[], userId: number) => post('/flowable/task/assignTask', { taskId, comment, attachments, userId }),
  addSign: (taskId: number, comment: string, attachments: FlowAttachment[], userIds: number[], position: 'before' | 'after') => post('/flowable/task/addSign', { taskId, comment, attachments, userIds, position }),
  withdraw: (instanceId: number, comment: string) => post('/flowable/task/revokeProcess', { instanceId, comment }),
  /** 催办: answers `msg` (how many tasks were urged); refused (429) within the hour of a task's last urge. */
  urge: (instanceId: number) => post<{ msg: string }>('/flowable/task/urge', { instanceId }),
};

/** The newest deployed flow of a form, or null. */
export function latestFlowDefinition(formName: string): Promise<Static<typeof OptionalDefinitionAnswer>> {
  return get(`/flowable/definition/latest/${encodeURIComponent(formName)}`);
}

/** Deploys a new version of a form's flow. */
export function deployFlowDefinition(body: Static<typeof DeployBody>): Promise<Static<typeof DeployedAnswer>> {
  return post('/flowable/definition/deploy', body);
}
