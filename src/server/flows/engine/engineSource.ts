/**
 * The BPMN the executor runs (ADR 0972): rewritten from the checked graph, never the administrator's
 * XML. Only start/end events, user tasks, exclusive gateways (with their default flow), parallel
 * gateways, plain tasks for 抄送 nodes (the engine passes them at once) and sequence flows whose conditions are in our grammar (`language="formwork"`), so no
 * script task, script condition, listener, loop or extension element of the drawn diagram reaches
 * bpmn-engine.
 */
import type { FlowGraph, NodeKind } from './graph.js';

const TAGS: Record<NodeKind, string> = { start: 'startEvent', end: 'endEvent', userTask: 'userTask', exclusive: 'exclusiveGateway', parallel: 'parallelGateway', cc: 'task' };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The executable XML of a parsed definition (deterministic: equal graphs give equal text). */
export function engineSource(graph: FlowGraph): string {
  const nodes = Object.values(graph.nodes).map((n) => {
    const tag = TAGS[n.kind];
    if (!tag) throw new Error(`unsupported node kind ${String(n.kind)}`);
    return `<bpmn:${tag} id="${esc(n.id)}"${n.defaultFlow ? ` default="${esc(n.defaultFlow)}"` : ''} />`;
  });
  const flows = Object.values(graph.flows).map((f) => {
    const head = `<bpmn:sequenceFlow id="${esc(f.id)}" sourceRef="${esc(f.source)}" targetRef="${esc(f.target)}"`;
    return f.condition
      ? `${head}><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="formwork">${esc(f.condition)}</bpmn:conditionExpression></bpmn:sequenceFlow>`
      : `${head} />`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_${esc(graph.processId)}" targetNamespace="http://formwork.dev/flows">
<bpmn:process id="${esc(graph.processId)}" isExecutable="true">
${[...nodes, ...flows].join('\n')}
</bpmn:process>
</bpmn:definitions>`;
}
