/**
 * The approval builder's model (issue 30 item 1, ADR 1047): a vertical list of nodes after 发起人,
 * compiled to the BPMN the engine runs (compileFlow.ts) and read back from it (parseFlow.ts).
 * Plain data, so the client edits it and the server or a test compiles it the same way.
 */

import type { NodeDeadline } from './nodeDeadline.js';

/**
 * Who a node goes to. Each kind is one `formwork:assigneeType` of the engine (ADR 0970, 1035,
 * 1047): a user, a role's users, a fixed department's leader, the starter's department leader,
 * the leader N levels up from the starter's department, the leader of the department a field
 * holds, or the user(s) a field of the record holds.
 */
export type AssigneeKind = 'user' | 'role' | 'deptLeader' | 'starterLeader' | 'levelLeader' | 'deptFieldLeader' | 'field';
export const ASSIGNEE_KINDS: readonly AssigneeKind[] = ['user', 'role', 'deptLeader', 'starterLeader', 'levelLeader', 'deptFieldLeader', 'field'];
export const ASSIGNEE_KIND_LABELS: Record<AssigneeKind, string> = {
  user: '指定成员',
  role: '角色',
  deptLeader: '指定部门的负责人',
  starterLeader: '发起人的部门负责人',
  levelLeader: '发起人的第 N 级上级负责人',
  deptFieldLeader: '部门字段所选部门的负责人',
  field: '表单中的成员字段',
};

export interface Assignee {
  kind: AssigneeKind;
  /** user: user name or id; role: role key; deptLeader: dept id; levelLeader: N (1 = the starter's own department); deptFieldLeader / field: a field's enName; starterLeader: none. */
  value?: string;
}

/** 或签 (the first decides), 会签 (everyone approves), 依次审批 (one after another, in order). */
export type ApproveMode = 'any' | 'all' | 'sequential';
export const APPROVE_MODE_LABELS: Record<ApproveMode, string> = { any: '或签（一人同意即可）', all: '会签（须所有人同意）', sequential: '依次审批（按顺序逐个审批）' };

/** A field's right at a node; a field not listed is 可见 (read-only). */
export type FieldRight = 'visible' | 'editable' | 'hidden';
export const FIELD_RIGHT_LABELS: Record<FieldRight, string> = { visible: '可见', editable: '可编辑', hidden: '隐藏' };

export interface ApproverNode {
  type: 'approver';
  id: string;
  name: string;
  assignee: Assignee;
  mode: ApproveMode;
  /** Only 可编辑 and 隐藏 are stored (deploy's `nodeFields`); every other field is 可见. */
  fieldRights?: Record<string, Exclude<FieldRight, 'visible'>>;
  /** 审批期限 (ADR 1049): absent = no deadline. */
  deadline?: NodeDeadline;
}

export interface CcNode {
  type: 'cc';
  id: string;
  name: string;
  assignee: Assignee;
}

/** A comparison of a form field with a value; a branch's conditions must all hold. */
export type ConditionOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'contains' | 'empty' | 'notEmpty';
export const CONDITION_OPS: readonly ConditionOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'contains', 'empty', 'notEmpty'];
export const CONDITION_OP_LABELS: Record<ConditionOp, string> = { eq: '等于', ne: '不等于', gt: '大于', ge: '大于等于', lt: '小于', le: '小于等于', contains: '包含', empty: '为空', notEmpty: '不为空' };
/** Operators that take no value. */
export const VALUELESS_OPS: ReadonlySet<ConditionOp> = new Set(['empty', 'notEmpty']);

export interface BranchCondition {
  field: string;
  op: ConditionOp;
  /** A number compares as a number, a string as text; absent for 为空 / 不为空. */
  value?: string | number | boolean;
}

export interface Branch {
  id: string;
  name: string;
  /** All must hold; empty on the default branch. */
  conditions: BranchCondition[];
  /** 其他情况: taken when no other branch holds; always the last branch. */
  isDefault?: boolean;
  nodes: BuilderNode[];
}

export interface BranchNode {
  type: 'branch';
  id: string;
  name: string;
  /** Judged in order, the first that holds is taken; the last is the default. */
  branches: Branch[];
}

export type BuilderNode = ApproverNode | CcNode | BranchNode;

/** Flow-wide settings (ADR 1035): the nobody rule and auto-approve of a repeated approver. */
export interface BuilderSettings {
  nobodyRule?: 'refuse' | 'skip' | 'admin';
  autoApproveRepeat?: boolean;
}

export interface FlowModel {
  processId: string;
  name: string;
  settings?: BuilderSettings;
  /** The nodes after 发起人, top to bottom; the flow ends after the last. */
  nodes: BuilderNode[];
}

/** What the builder shows for a node kind. */
export const NODE_TYPE_LABELS: Record<BuilderNode['type'], string> = { approver: '审批人', cc: '抄送人', branch: '条件分支' };
export const DEFAULT_BRANCH_NAME = '其他情况';

/** A fresh id for a node or branch (an XML NCName). */
export function newId(prefix: 'Node' | 'Branch'): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 9)}`;
}

/** A new node of a kind, as the builder adds it. */
export function newNode(type: BuilderNode['type']): BuilderNode {
  if (type === 'approver') return { type, id: newId('Node'), name: '审批人', assignee: { kind: 'starterLeader' }, mode: 'any' };
  if (type === 'cc') return { type, id: newId('Node'), name: '抄送人', assignee: { kind: 'starterLeader' } };
  return {
    type,
    id: newId('Node'),
    name: '条件分支',
    branches: [
      { id: newId('Branch'), name: '条件1', conditions: [], nodes: [] },
      { id: newId('Branch'), name: DEFAULT_BRANCH_NAME, conditions: [], isDefault: true, nodes: [] },
    ],
  };
}
