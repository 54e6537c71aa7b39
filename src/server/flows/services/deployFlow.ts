/** Deploying a form's flow: parse and check the BPMN against the form, then store a new version. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/HttpError.js';
import { loadModel } from '../../records/services/recordContext.js';
import { FlowDefinitionError, parseBpmn } from '../engine/parseBpmn.js';
import { insertDefinition, type NodeFields } from '../repositories/flowDefinitions.js';

export interface DeployInput {
  formName: string;
  name?: string;
  xml: string;
  nodeFields?: NodeFields;
}

/** Checks that node field settings name user tasks and fields of the form. */
function checkNodeFields(nodeFields: NodeFields, taskIds: Set<string>, fields: Set<string>): void {
  for (const [nodeId, nf] of Object.entries(nodeFields)) {
    if (!taskIds.has(nodeId)) throw badRequest(`字段权限中的节点不存在：${nodeId}`);
    for (const f of [...(nf.hidden ?? []), ...(nf.editable ?? [])]) if (!fields.has(f)) throw badRequest(`字段权限中的字段不存在：${f}`);
  }
}

/** Deploys a new version of a flow form's process; running instances keep theirs. */
export async function deployFlow(db: Kysely<Database>, tenantId: number, by: string, input: DeployInput): Promise<{ id: number; version: number }> {
  const model = await loadModel(db, tenantId, input.formName);
  if (!model.form.definition.hasFlow) throw badRequest('该表单未启用流程（hasFlow）');
  const defFields = model.form.definition.fields;
  const fields = new Set(defFields.map((f) => f.enName));
  const fieldTypes = {
    types: new Map(defFields.map((f) => [f.enName, f.funcType as string])),
    inSubForm: new Set(defFields.flatMap((f) => (f.funcType === 'subForm' ? (f.children ?? []).map((c) => c.enName) : []))),
  };
  let graph;
  try {
    graph = await parseBpmn(input.xml, fields, fieldTypes);
  } catch (e) {
    if (e instanceof FlowDefinitionError) throw badRequest(e.message);
    throw e;
  }
  const nodeFields = input.nodeFields ?? {};
  checkNodeFields(nodeFields, new Set(Object.values(graph.nodes).filter((n) => n.kind === 'userTask').map((n) => n.id)), fields);
  return insertDefinition(db, tenantId, { formName: model.form.enName, name: input.name?.trim() || model.form.cnName, xml: input.xml, graph, nodeFields, by });
}
