/**
 * Approval flows (issue 18, docs/api-flows.md): definitions, tasks, instances under /api/flowable.
 * Requests are closed; answers are exact, except the two parts that are not ours to fix here: the
 * form's own record inside a task view (per-form fields) and a definition's parsed graph (the
 * engine's stored JSON, ADR 0970), both open objects inside an exact answer.
 */
import { Type } from 'typebox';
import { Closed, DataEnvelope, Id, Nullable, OpenObject, OptStr, PageProps, PageEnvelope, Str, StrEnum } from './common.js';

const FieldList = Type.Array(Str({ max: 63 }), { maxItems: 500 });

/** `POST /api/flowable/definition/deploy`: a BPMN document for a flow form, with per-node field rules. */
export const DeployBody = Closed({
  formName: Str({ min: 1, max: 63 }),
  name: Type.Optional(Str({ max: 100 })),
  xml: Str({ min: 1, max: 1_000_000 }),
  nodeFields: Type.Optional(
    Type.Record(Type.String(), Closed({ hidden: Type.Optional(FieldList), editable: Type.Optional(FieldList) }), { maxProperties: 200 }),
  ),
});
export const DefinitionListQuery = Type.Object({ formName: Type.Optional(Str({ max: 63 })) });
export const DefinitionFormPath = Type.Object({ formName: Type.String() });
export const DefinitionIdPath = Type.Object({ id: Id }, { additionalProperties: false });

const DateTime = Type.String({ format: 'date-time' });
const OptDateTime = Nullable('string', { format: 'date-time' });

/** Per user task: fields hidden from and fields editable by its assignees. */
export const NodeFieldsSchema = Type.Record(Type.String(), Type.Object({ hidden: Type.Optional(Type.Array(Type.String())), editable: Type.Optional(Type.Array(Type.String())) }));
/** An instance's state. */
export const InstanceStatusSchema = StrEnum(['running', 'completed', 'rejected', 'withdrawn', 'cancelled'] as const);
/** A task's state and kind (a normal assignee, or a signer added before / after). */
const TaskStatusSchema = StrEnum(['open', 'waiting', 'done', 'cancelled'] as const);
const TaskKindSchema = StrEnum(['assignee', 'before', 'after'] as const);

/** `deploy`: the new definition's id and version. */
export const DeployedAnswer = DataEnvelope(Type.Object({ id: Type.Integer(), version: Type.Integer() }));
/** A deployed definition: the BPMN document, its parsed graph (the engine's JSON) and the per-node field rules. */
export const FlowDefinitionSchema = Type.Object({
  id: Type.Integer(),
  formName: Type.String(),
  version: Type.Integer(),
  name: Type.String(),
  bpmnXml: Type.String(),
  graph: Type.Object({}, { additionalProperties: true, description: 'the parsed process (nodes, flows), as the engine stores it' }),
  nodeFields: NodeFieldsSchema,
  createBy: Type.String(),
  createTime: DateTime,
});
export const DefinitionAnswer = DataEnvelope(FlowDefinitionSchema);
/** The newest definition of a form, or null. */
export const OptionalDefinitionAnswer = DataEnvelope(Type.Union([FlowDefinitionSchema, Type.Null()]));
/** Every version, without the XML. */
export const FlowDefinitionSummarySchema = Type.Object({ id: Type.Integer(), formName: Type.String(), version: Type.Integer(), name: Type.String(), createBy: Type.String(), createTime: DateTime });
export const DefinitionsAnswer = DataEnvelope(Type.Array(FlowDefinitionSummarySchema));

/** 我的待办 / 我的已办 / 我发起的: paging and a keyword. */
export const TaskListQuery = Type.Object({ ...PageProps, keyword: Type.Optional(Type.String({ maxLength: 100 })) });
/** A row of 我的待办 / 我的已办: the task and its instance's record title. */
export const FlowTaskRowSchema = Type.Object({
  taskId: Type.Integer(),
  nodeId: Type.String(),
  taskName: Type.String(),
  kind: TaskKindSchema,
  result: Nullable('string'),
  comment: Type.String(),
  createTime: DateTime,
  endTime: OptDateTime,
  /** 到期时间: the task's 审批期限 (ADR 1049), null when its node has none. */
  dueTime: OptDateTime,
  /** 已超时: the due time passed while the task was open. */
  overdue: Type.Boolean(),
  instanceId: Type.Integer(),
  formName: Type.String(),
  recordId: Type.Integer(),
  title: Type.String(),
  starterName: Type.String(),
  instanceStatus: InstanceStatusSchema,
  startTime: DateTime,
});
export const TaskPage = PageEnvelope(FlowTaskRowSchema);
/** A row of 我发起的: the instance, its version and the names of its active nodes. */
export const FlowStartedRowSchema = Type.Object({
  instanceId: Type.Integer(),
  formName: Type.String(),
  recordId: Type.Integer(),
  title: Type.String(),
  status: InstanceStatusSchema,
  version: Type.Integer(),
  currentNodes: Type.String(),
  createTime: DateTime,
  endTime: OptDateTime,
});
export const StartedPage = PageEnvelope(FlowStartedRowSchema);
/** A row of 抄送我的: one copy sent to the caller (a CC node passed), with its instance. */
export const FlowCcRowSchema = Type.Object({
  ccId: Type.Integer(),
  instanceId: Type.Integer(),
  nodeName: Type.String(),
  formName: Type.String(),
  recordId: Type.Integer(),
  title: Type.String(),
  status: InstanceStatusSchema,
  starterName: Type.String(),
  createTime: DateTime,
});
export const CcPage = PageEnvelope(FlowCcRowSchema);
export const TodoCountAnswer = DataEnvelope(Type.Integer());

/** `{id}` of a task or an instance (digits; anything else is 404). */
export const FlowIdPath = Type.Object({ id: Type.String() });
export const FlowRecordPath = Type.Object({ form: Type.String(), id: Type.String() });

/** A file attached to an action's comment. */
export const FlowAttachmentSchema = Type.Object({ name: Type.String(), url: Type.String() });

/** A task for the task page: the node, the instance, the node's field map, what the caller may do, and the record. */
export const FlowTaskViewSchema = Type.Object({
  taskId: Type.Integer(),
  nodeId: Type.String(),
  nodeName: Type.String(),
  kind: TaskKindSchema,
  status: TaskStatusSchema,
  countersign: Type.Union([StrEnum(['all', 'any', 'sequential'] as const), Type.Null()]),
  instanceId: Type.Integer(),
  instanceStatus: InstanceStatusSchema,
  formName: Type.String(),
  recordId: Type.Integer(),
  title: Type.String(),
  starterName: Type.String(),
  /** Fields the node hides (`false`); absent = visible. */
  visibleMap: Type.Record(Type.String(), Type.Boolean()),
  editable: Type.Array(Type.String()),
  canAct: Type.Boolean(),
  /** 到期时间 of the task (ADR 1049), null when its node has none; 已超时 when it passed while open. */
  dueTime: OptDateTime,
  overdue: Type.Boolean(),
  rejectTargets: Type.Array(Type.Object({ nodeId: Type.String(), nodeName: Type.String() })),
  /** Users who hold an open or waiting task of this node entry or approved it (ADR 1066): not valid 转签 / 加签 targets. */
  nodeUserIds: Type.Array(Type.Integer()),
  /** The form's record without the node's hidden fields (per-form keys). */
  record: OpenObject,
});
export const TaskViewAnswer = DataEnvelope(FlowTaskViewSchema);

/** One history entry of an instance. */
export const FlowHistoryEntrySchema = Type.Object({
  id: Type.Integer(),
  taskId: Nullable('integer'),
  nodeId: Type.String(),
  nodeName: Type.String(),
  action: StrEnum(['submit', 'approve', 'reject', 'withdraw', 'transfer', 'addSign', 'reassign', 'end', 'cc', 'urge', 'auto', 'timeout'] as const),
  operType: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  comment: Type.String(),
  attachments: Type.Array(FlowAttachmentSchema),
  target: Type.String(),
  createTime: DateTime,
});

/** An instance with its tasks, history, active and finished nodes, and what the caller may do. */
export const FlowInstanceSchema = Type.Object({
  instanceId: Type.Integer(),
  formName: Type.String(),
  formCnName: Type.String(),
  recordId: Type.Integer(),
  title: Type.String(),
  status: InstanceStatusSchema,
  starterId: Type.Integer(),
  starterName: Type.String(),
  createTime: DateTime,
  endTime: OptDateTime,
  definitionId: Type.Integer(),
  version: Type.Integer(),
  activeNodes: Type.Array(Type.String()),
  finishedNodes: Type.Array(Type.String()),
  tasks: Type.Array(Type.Object({
    taskId: Type.Integer(),
    nodeId: Type.String(),
    nodeName: Type.String(),
    kind: TaskKindSchema,
    assigneeId: Type.Integer(),
    status: TaskStatusSchema,
    result: Nullable('string'),
    comment: Type.String(),
    createTime: DateTime,
    endTime: OptDateTime,
  })),
  history: Type.Array(FlowHistoryEntrySchema),
  canWithdraw: Type.Boolean(),
  myTaskId: Nullable('integer'),
});
export const InstanceViewAnswer = DataEnvelope(FlowInstanceSchema);

/** The BPMN of an instance's version with its active and finished nodes (the /flow-pic page). */
export const FlowDiagramSchema = Type.Object({ xml: Type.String(), activeNodes: Type.Array(Type.String()), finishedNodes: Type.Array(Type.String()) });
export const DiagramAnswer = DataEnvelope(FlowDiagramSchema);

/** The newest instance of a record, or null (none, or not the caller's to see). */
export const RecordInstanceAnswer = DataEnvelope(Type.Union([Type.Object({ instanceId: Type.Integer(), status: InstanceStatusSchema }), Type.Null()]));

const Comment = Type.Optional(OptStr(1000));
const Attachments = Type.Optional(Type.Array(Closed({ name: Type.String({ maxLength: 255 }), url: Type.String({ maxLength: 1000 }) }), { maxItems: 20 }));

/** Approve (`data`: the fields the node lets the approver edit). */
export const CompleteBody = Closed({ taskId: Id, comment: Comment, attachments: Attachments, data: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { maxProperties: 500 })) });
/** Reject, back to `targetNodeId` (or the start). */
export const RejectBody = Closed({ taskId: Id, comment: Comment, attachments: Attachments, targetNodeId: Type.Optional(OptStr(200)) });
/** Transfer (转签) to `userId`. */
export const TransferBody = Closed({ taskId: Id, comment: Comment, attachments: Attachments, userId: Id });
/** Add signers before or after the current one. */
export const AddSignBody = Closed({
  taskId: Id,
  comment: Comment,
  attachments: Attachments,
  userIds: Type.Array(Id, { minItems: 1, maxItems: 20 }),
  position: StrEnum(['before', 'after'] as const),
});
/** Withdraw (撤回) an own instance. */
export const RevokeBody = Closed({ instanceId: Id, comment: Comment });
/** 催办: the starter urges the current assignees of a running instance. */
export const UrgeBody = Closed({ instanceId: Id });
/** An administrator's reassign. */
export const ReassignBody = Closed({ taskId: Id, userId: Id, comment: Comment });
/** An action's answer: `{code:200, msg, data:null}`. */
export const ActionDone = DataEnvelope(Type.Null());
