/**
 * Seed step: the demo flow of 采购申请 (purchase_request, a `hasFlow` demo form) — 部门审批 by
 * 刘洋 (liuyang), then 总经理审批 by the administrators; 部门审批 does not see the finance note,
 * 总经理审批 may fill it in. Deployed in every tenant that has the form and those people, so a
 * submitted purchase request shows up in their 我的待办.
 */
import type { SeedStep } from '../../services/seed/types.js';
import { userIdByName } from '../../services/seed/helpers.js';
import { findFormByName } from '../../records/repositories/formDefinitions.js';
import { parseBpmn } from '../engine/parseBpmn.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../engine/writeBpmn.js';
import { insertDefinition } from '../repositories/flowDefinitions.js';

const FORM = 'purchase_request';
const NODES: SketchNode[] = [
  { id: 'start', kind: 'start', name: '提交申请' },
  { id: 'deptApprove', kind: 'userTask', name: '部门审批', assigneeType: 'user', assignee: 'liuyang' },
  { id: 'gmApprove', kind: 'userTask', name: '总经理审批', assigneeType: 'role', assignee: 'admin', countersign: 'any' },
  { id: 'end', kind: 'end', name: '结束' },
];
const FLOWS: SketchFlow[] = [
  { id: 'toDept', from: 'start', to: 'deptApprove' },
  { id: 'toGm', from: 'deptApprove', to: 'gmApprove' },
  { id: 'toEnd', from: 'gmApprove', to: 'end' },
];

export const seedDemoFlow: SeedStep = {
  name: 'demo-flow-purchase',
  async run(ctx) {
    const xml = writeBpmn('purchase_approval', '采购审批', NODES, FLOWS);
    for (const t of ctx.tenants) {
      const form = await findFormByName(ctx.db, t.id, FORM);
      if (!form?.definition.hasFlow || !(await userIdByName(ctx.db, t.id, 'liuyang'))) continue;
      const graph = await parseBpmn(xml, new Set(form.definition.fields.map((f) => f.enName)));
      await insertDefinition(ctx.db, t.id, {
        formName: FORM, name: '采购审批', xml, graph, by: 'admin',
        nodeFields: { deptApprove: { hidden: ['finance_note'] }, gmApprove: { editable: ['finance_note'] } },
      });
      ctx.log(`demo flow ${FORM} deployed for tenant ${t.code}`);
    }
  },
};
