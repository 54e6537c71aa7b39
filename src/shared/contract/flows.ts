/**
 * Approval flows (issue 18, docs/api-flows.md): definitions, tasks, instances under /api/flowable.
 * The views (a task, an instance, a diagram, a definition) carry the form's own record and the
 * BPMN document, so they are open objects here; the requests are closed.
 */
import { Type } from 'typebox';
import { Closed, DataEnvelope, Id, OpenObject, OptStr, PageProps, PageEnvelope, Str, StrEnum } from './common.js';

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

/** `deploy`: the new definition's id and version. */
export const DeployedAnswer = DataEnvelope(Type.Object({ id: Type.Integer(), version: Type.Integer() }));
/** A deployed definition (id, form, version, name, xml, node rules…). */
export const DefinitionAnswer = DataEnvelope(OpenObject);
export const OptionalDefinitionAnswer = DataEnvelope(Type.Union([OpenObject, Type.Null()]));
export const DefinitionsAnswer = DataEnvelope(Type.Array(OpenObject));

/** 我的待办 / 我的已办 / 我发起的: paging and a keyword. */
export const TaskListQuery = Type.Object({ ...PageProps, keyword: Type.Optional(Type.String({ maxLength: 100 })) });
/** A row of those lists (task or instance, with its record's title). */
export const TaskPage = PageEnvelope(OpenObject);
export const TodoCountAnswer = DataEnvelope(Type.Integer());

/** `{id}` of a task or an instance (digits; anything else is 404). */
export const FlowIdPath = Type.Object({ id: Type.String() });
export const FlowRecordPath = Type.Object({ form: Type.String(), id: Type.String() });
/** A task, an instance, its diagram, or a record's instance (null when the record has none). */
export const FlowViewAnswer = DataEnvelope(OpenObject);
export const OptionalFlowViewAnswer = DataEnvelope(Type.Union([OpenObject, Type.Null()]));

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
/** An administrator's reassign. */
export const ReassignBody = Closed({ taskId: Id, userId: Id, comment: Comment });
/** An action's answer: `{code:200, msg, data:null}`. */
export const ActionDone = DataEnvelope(Type.Null());
