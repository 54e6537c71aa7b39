/**
 * A compact process description → BPMN 2.0 XML with a left-to-right diagram (BPMNDI), so the demo
 * seed and tests produce definitions bpmn-js can open and edit like any drawn one.
 */
import { deadlineAttrs, type NodeDeadline } from '../../../shared/flows/nodeDeadline.js';
import type { AssigneeType, Countersign, NodeKind } from './graph.js';

export interface SketchNode {
  id: string;
  kind: NodeKind;
  name?: string;
  assigneeType?: AssigneeType;
  assignee?: string;
  countersign?: Countersign;
  /** A user task's 审批期限 (ADR 1049). */
  deadline?: NodeDeadline;
  /** Exclusive gateway: the id of its default flow. */
  defaultFlow?: string;
}

export interface SketchFlow {
  id: string;
  from: string;
  to: string;
  condition?: string;
  name?: string;
}

const TAGS: Record<NodeKind, string> = { start: 'startEvent', end: 'endEvent', userTask: 'userTask', exclusive: 'exclusiveGateway', parallel: 'parallelGateway', cc: 'sendTask' };
const SIZE: Record<NodeKind, [number, number]> = { start: [36, 36], end: [36, 36], userTask: [100, 80], exclusive: [50, 50], parallel: [50, 50], cc: [100, 80] };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column of each node: its longest distance from the start, ignoring back edges. */
function columns(nodes: SketchNode[], flows: SketchFlow[]): Map<string, number> {
  const col = new Map<string, number>();
  const start = nodes.find((n) => n.kind === 'start')!;
  const visit = (id: string, c: number, path: Set<string>) => {
    if (path.has(id) || (col.get(id) ?? -1) >= c) return;
    col.set(id, c);
    for (const f of flows.filter((x) => x.from === id)) visit(f.to, c + 1, new Set([...path, id]));
  };
  visit(start.id, 0, new Set());
  return col;
}

/** The XML of one process named `name` with these nodes and flows. */
export function writeBpmn(processId: string, name: string, nodes: SketchNode[], flows: SketchFlow[]): string {
  const col = columns(nodes, flows);
  const rows = new Map<number, number>();
  const box = new Map<string, { x: number; y: number; w: number; h: number }>();
  for (const n of nodes) {
    const c = col.get(n.id) ?? 0;
    const r = rows.get(c) ?? 0;
    rows.set(c, r + 1);
    const [w, h] = SIZE[n.kind];
    box.set(n.id, { x: 100 + c * 160 + (100 - w) / 2, y: 100 + r * 130 + (80 - h) / 2, w, h });
  }
  const el = nodes.map((n) => {
    const a = [`id="${esc(n.id)}"`, n.name ? `name="${esc(n.name)}"` : ''];
    if (n.assigneeType) a.push(`formwork:assigneeType="${n.assigneeType}"`);
    if (n.assignee) a.push(`formwork:assignee="${esc(n.assignee)}"`);
    if (n.countersign) a.push(`formwork:countersign="${n.countersign}"`);
    for (const [k, v] of deadlineAttrs(n.deadline)) a.push(`formwork:${k}="${esc(v)}"`);
    if (n.defaultFlow) a.push(`default="${esc(n.defaultFlow)}"`);
    return `    <bpmn:${TAGS[n.kind]} ${a.filter(Boolean).join(' ')} />`;
  });
  const fl = flows.map((f) => {
    const head = `    <bpmn:sequenceFlow id="${esc(f.id)}"${f.name ? ` name="${esc(f.name)}"` : ''} sourceRef="${esc(f.from)}" targetRef="${esc(f.to)}"`;
    return f.condition
      ? `${head}>\n      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="formwork">${esc(f.condition)}</bpmn:conditionExpression>\n    </bpmn:sequenceFlow>`
      : `${head} />`;
  });
  const shapes = nodes.map((n) => {
    const b = box.get(n.id)!;
    return `      <bpmndi:BPMNShape id="${esc(n.id)}_di" bpmnElement="${esc(n.id)}"><dc:Bounds x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" /></bpmndi:BPMNShape>`;
  });
  const edges = flows.map((f) => {
    const s = box.get(f.from)!;
    const t = box.get(f.to)!;
    return `      <bpmndi:BPMNEdge id="${esc(f.id)}_di" bpmnElement="${esc(f.id)}"><di:waypoint x="${s.x + s.w}" y="${s.y + s.h / 2}" /><di:waypoint x="${t.x}" y="${t.y + t.h / 2}" /></bpmndi:BPMNEdge>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:formwork="http://formwork.dev/schema/flow" id="Definitions_${esc(processId)}" targetNamespace="http://formwork.dev/flows">
  <bpmn:process id="${esc(processId)}" name="${esc(name)}" isExecutable="true">
${[...el, ...fl].join('\n')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${esc(processId)}">
    <bpmndi:BPMNPlane id="Plane_${esc(processId)}" bpmnElement="${esc(processId)}">
${[...shapes, ...edges].join('\n')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
