/**
 * Builder model → BPMN 2.0 XML the engine runs (parseBpmn's supported set, ADR 0970/1035/1047)
 * with a top-to-bottom diagram (BPMNDI), so the modeller shows what the builder drew, plus the
 * per-node field rights in deploy's `nodeFields` shape (where the engine keeps them today).
 *
 * Shape: 发起人 (start event `start`) → the nodes in order → end event `end`. An 审批人 is a
 * userTask, an 抄送人 a sendTask, a 条件分支 an exclusive split gateway (its node id) whose outgoing
 * flows carry the branches' ids, names and conditions (the default flow is 其他情况) and an
 * exclusive join gateway `<id>_join` where the branches meet. Ids are the model's, so
 * parseFlow(compileFlow(m)) gives m back.
 */
import { compileConditions } from './builderConditions.js';
import type { BuilderNode, FlowModel } from './builderModel.js';
import { deadlineAttrs } from './nodeDeadline.js';

/** Per user task: fields hidden from and fields editable by its assignees (deploy's `nodeFields`). */
export type CompiledNodeFields = Record<string, { hidden?: string[]; editable?: string[] }>;

export interface CompiledFlow {
  xml: string;
  nodeFields: CompiledNodeFields;
}

type Tag = 'startEvent' | 'endEvent' | 'userTask' | 'sendTask' | 'exclusiveGateway';
interface El { id: string; tag: Tag; name: string; attrs: [string, string][]; col: number; row: number; defaultFlow?: string }
interface Flow { id: string; from: string; to: string; name?: string; condition?: string }

const SIZE: Record<Tag, [number, number]> = { startEvent: [36, 36], endEvent: [36, 36], userTask: [120, 70], sendTask: [120, 70], exclusiveGateway: [50, 50] };
const COL_W = 180;
const ROW_H = 120;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

class Builder {
  els: El[] = [];
  flows: Flow[] = [];
  nodeFields: CompiledNodeFields = {};

  el(e: El): string {
    this.els.push(e);
    return e.id;
  }

  flow(from: string, to: string, extra: Partial<Flow> = {}): void {
    this.flows.push({ id: extra.id ?? `Flow_${from}_${to}`, from, to, ...extra });
  }

  /**
   * Lays out a node list from (col,row) below `prev`, linking `prev` to the first node with
   * `first` (a branch's flow), and returns the last element and the columns and rows it used.
   */
  list(nodes: BuilderNode[], prev: string, col: number, row: number, first?: Partial<Flow>): { last: string; cols: number; rows: number; firstUsed: boolean } {
    let last = prev;
    let cols = 1;
    let r = row;
    let pending = first;
    for (const n of nodes) {
      const top = this.node(n, col, r);
      this.flow(last, top.entry, pending ?? {});
      pending = undefined;
      last = top.exit;
      cols = Math.max(cols, top.cols);
      r += top.rows;
    }
    return { last, cols, rows: r - row, firstUsed: pending === undefined };
  }

  node(n: BuilderNode, col: number, row: number): { entry: string; exit: string; cols: number; rows: number } {
    if (n.type === 'approver' || n.type === 'cc') {
      const attrs: [string, string][] = [['assigneeType', n.assignee.kind]];
      if (n.assignee.value !== undefined && n.assignee.value !== '') attrs.push(['assignee', n.assignee.value]);
      if (n.type === 'approver') {
        attrs.push(['countersign', n.mode], ...deadlineAttrs(n.deadline));
        const rights = Object.entries(n.fieldRights ?? {});
        const hidden = rights.filter(([, r]) => r === 'hidden').map(([f]) => f);
        const editable = rights.filter(([, r]) => r === 'editable').map(([f]) => f);
        if (hidden.length || editable.length) this.nodeFields[n.id] = { ...(hidden.length ? { hidden } : {}), ...(editable.length ? { editable } : {}) };
      }
      this.el({ id: n.id, tag: n.type === 'approver' ? 'userTask' : 'sendTask', name: n.name, attrs, col, row });
      return { entry: n.id, exit: n.id, cols: 1, rows: 1 };
    }
    const split = this.el({ id: n.id, tag: 'exclusiveGateway', name: n.name, attrs: [], col, row });
    const joinId = `${n.id}_join`;
    let c = col;
    let rows = 0;
    const ends: { last: string }[] = [];
    for (const b of n.branches) {
      const first: Partial<Flow> = { id: b.id, name: b.name, ...(b.isDefault ? {} : { condition: compileConditions(b.conditions) }) };
      if (b.isDefault) this.els.find((e) => e.id === split)!.defaultFlow = b.id;
      const part = this.list(b.nodes, split, c, row + 1, first);
      // An empty branch goes straight from the split to the join, on its own flow, written now:
      // the split's outgoing flows must appear in the branches' order (parseFlow reads that order).
      if (!part.firstUsed) this.flow(split, joinId, first);
      else ends.push({ last: part.last });
      c += part.cols;
      rows = Math.max(rows, part.rows);
    }
    const join = this.el({ id: joinId, tag: 'exclusiveGateway', name: '', attrs: [], col, row: row + 1 + rows });
    for (const e of ends) this.flow(e.last, join);
    return { entry: split, exit: join, cols: c - col, rows: rows + 2 };
  }
}

function box(e: El) {
  const [w, h] = SIZE[e.tag];
  return { x: 100 + e.col * COL_W + (120 - w) / 2, y: 60 + e.row * ROW_H + (70 - h) / 2, w, h };
}

function diagram(b: Builder, processId: string): string {
  const pos = new Map(b.els.map((e) => [e.id, box(e)]));
  const shapes = b.els.map((e) => {
    const p = pos.get(e.id)!;
    return `      <bpmndi:BPMNShape id="${esc(e.id)}_di" bpmnElement="${esc(e.id)}"${e.tag === 'exclusiveGateway' ? ' isMarkerVisible="true"' : ''}><dc:Bounds x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" /></bpmndi:BPMNShape>`;
  });
  const edges = b.flows.map((f) => {
    const s = pos.get(f.from)!;
    const t = pos.get(f.to)!;
    const sx = s.x + s.w / 2;
    const tx = t.x + t.w / 2;
    const points = sx === tx ? [[sx, s.y + s.h], [tx, t.y]] : [[sx, s.y + s.h], [sx, t.y - 25], [tx, t.y - 25], [tx, t.y]];
    return `      <bpmndi:BPMNEdge id="${esc(f.id)}_di" bpmnElement="${esc(f.id)}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;
  });
  return `  <bpmndi:BPMNDiagram id="Diagram_${esc(processId)}">
    <bpmndi:BPMNPlane id="Plane_${esc(processId)}" bpmnElement="${esc(processId)}">
${[...shapes, ...edges].join('\n')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>`;
}

/** The BPMN of a model and its field rights. Check the model with modelProblems first. */
export function compileFlow(model: FlowModel): CompiledFlow {
  const b = new Builder();
  b.el({ id: 'start', tag: 'startEvent', name: '发起人', attrs: [], col: 0, row: 0 });
  const body = b.list(model.nodes, 'start', 0, 1);
  b.el({ id: 'end', tag: 'endEvent', name: '结束', attrs: [], col: 0, row: 1 + body.rows });
  b.flow(body.last, 'end');
  const elements = b.els.map((e) => {
    const a = [`id="${esc(e.id)}"`, e.name ? `name="${esc(e.name)}"` : '', ...e.attrs.map(([k, v]) => `formwork:${k}="${esc(v)}"`), e.defaultFlow ? `default="${esc(e.defaultFlow)}"` : ''];
    return `    <bpmn:${e.tag} ${a.filter(Boolean).join(' ')} />`;
  });
  const flows = b.flows.map((f) => {
    const head = `    <bpmn:sequenceFlow id="${esc(f.id)}"${f.name ? ` name="${esc(f.name)}"` : ''} sourceRef="${esc(f.from)}" targetRef="${esc(f.to)}"`;
    return f.condition
      ? `${head}>\n      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="formwork">${esc(f.condition)}</bpmn:conditionExpression>\n    </bpmn:sequenceFlow>`
      : `${head} />`;
  });
  const s = model.settings ?? {};
  const settings = [s.nobodyRule ? ` formwork:nobodyRule="${s.nobodyRule}"` : '', s.autoApproveRepeat !== undefined ? ` formwork:autoApproveRepeat="${s.autoApproveRepeat}"` : ''].join('');
  const pid = model.processId;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:formwork="http://formwork.dev/schema/flow" id="Definitions_${esc(pid)}" targetNamespace="http://formwork.dev/flows">
  <bpmn:process id="${esc(pid)}" name="${esc(model.name)}" isExecutable="true"${settings}>
${[...elements, ...flows].join('\n')}
  </bpmn:process>
${diagram(b, pid)}
</bpmn:definitions>
`;
  return { xml, nodeFields: b.nodeFields };
}
