/** Process definitions: one row per deployed version of a form's flow; a version is never edited. */
import { sql, type Kysely } from 'kysely';
import type { FlowDbRow } from './flowDbRow.js';
import type { Database } from '../../db/types.js';
import type { FlowGraph } from '../engine/graph.js';

/** Per user task: fields hidden from and fields editable by its assignees. */
export type NodeFields = Record<string, { hidden?: string[]; editable?: string[] }>;

export interface FlowDefinitionRow {
  id: number;
  formName: string;
  version: number;
  name: string;
  bpmnXml: string;
  graph: FlowGraph;
  nodeFields: NodeFields;
  createBy: string;
  createTime: Date;
}

const COLUMNS = sql`id, form_name, version, name, bpmn_xml, graph, node_fields, create_by, create_time`;

function toRow(r: FlowDbRow): FlowDefinitionRow {
  return { id: Number(r.id), formName: r.form_name, version: r.version, name: r.name, bpmnXml: r.bpmn_xml, graph: r.graph, nodeFields: r.node_fields, createBy: r.create_by, createTime: r.create_time };
}

/** Stores a new version (previous + 1) of the form's flow; concurrent deploys serialise on the unique key. */
export async function insertDefinition(db: Kysely<Database>, tenantId: number, d: { formName: string; name: string; xml: string; graph: FlowGraph; nodeFields: NodeFields; by: string }): Promise<{ id: number; version: number }> {
  const r = await sql<{ id: number; version: number }>`
    INSERT INTO flow_definitions (tenant_id, form_name, version, name, bpmn_xml, graph, node_fields, create_by)
    SELECT ${tenantId}, ${d.formName}, coalesce(max(version), 0) + 1, ${d.name}, ${d.xml}, ${JSON.stringify(d.graph)}::jsonb, ${JSON.stringify(d.nodeFields)}::jsonb, ${d.by}
      FROM flow_definitions WHERE tenant_id = ${tenantId} AND form_name = ${d.formName}
    RETURNING id, version`.execute(db);
  return { id: Number(r.rows[0].id), version: r.rows[0].version };
}

/** The newest version of a form's flow, if any. */
export async function latestDefinition(db: Kysely<Database>, tenantId: number, formName: string): Promise<FlowDefinitionRow | undefined> {
  const r = await sql<FlowDbRow>`SELECT ${COLUMNS} FROM flow_definitions WHERE tenant_id = ${tenantId} AND form_name = ${formName} ORDER BY version DESC LIMIT 1`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** One version by id, in the tenant. */
export async function definitionById(db: Kysely<Database>, tenantId: number, id: number): Promise<FlowDefinitionRow | undefined> {
  const r = await sql<FlowDbRow>`SELECT ${COLUMNS} FROM flow_definitions WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** Every version (without the XML), newest first, optionally of one form. */
export async function listDefinitions(db: Kysely<Database>, tenantId: number, formName?: string) {
  const r = await sql<FlowDbRow>`SELECT id, form_name, version, name, create_by, create_time FROM flow_definitions
    WHERE tenant_id = ${tenantId} ${formName ? sql`AND form_name = ${formName}` : sql``} ORDER BY form_name, version DESC LIMIT 1000`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), formName: x.form_name, version: x.version, name: x.name, createBy: x.create_by, createTime: x.create_time }));
}
