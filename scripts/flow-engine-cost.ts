/**
 * The per-action cost of the flow executor (ADR 0972): recover + resume of a stored bpmn-engine
 * snapshot, signal of the waiting user task, getState. Not a benchmark suite; run by hand:
 *   npx tsx scripts/flow-engine-cost.ts
 */
import { advance, startState } from '../src/server/flows/engine/advance.js';
import { parseBpmn } from '../src/server/flows/engine/parseBpmn.js';
import { writeBpmn, type SketchNode } from '../src/server/flows/engine/writeBpmn.js';

const task = (id: string): SketchNode => ({ id, kind: 'userTask', name: id, assigneeType: 'user', assignee: 'admin' });
const nodes: SketchNode[] = [{ id: 's', kind: 'start' }, task('leader'), { id: 'g', kind: 'exclusive', defaultFlow: 'small' }, { id: 'fork', kind: 'parallel' }, task('x'), task('y'), { id: 'join', kind: 'parallel' }, task('boss'), { id: 'e', kind: 'end' }];
const flows = [
  { id: 'f1', from: 's', to: 'leader' }, { id: 'f2', from: 'leader', to: 'g' }, { id: 'big', from: 'g', to: 'fork', condition: '${amount} > 10000' }, { id: 'small', from: 'g', to: 'e' },
  { id: 'f3', from: 'fork', to: 'x' }, { id: 'f4', from: 'fork', to: 'y' }, { id: 'f5', from: 'x', to: 'join' }, { id: 'f6', from: 'y', to: 'join' }, { id: 'f7', from: 'join', to: 'boss' }, { id: 'f8', from: 'boss', to: 'e' },
];
const holds = () => true;
const graph = await parseBpmn(writeBpmn('cost', 'cost', nodes, flows), new Set(['amount']));
const started = await startState(graph, holds);
const atParallel = JSON.stringify((await advance(graph, JSON.parse(JSON.stringify(started.state)), 'leader', holds)).state);

const N = 300;
const times: number[] = [];
for (let i = 0; i < N + 30; i++) {
  const t0 = performance.now();
  const step = await advance(graph, JSON.parse(atParallel), 'x', holds); // recover + resume + signal + getState
  JSON.stringify(step.state);
  if (i >= 30) times.push(performance.now() - t0); // the first 30 warm the JIT and the source cache
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(2);
console.log(`snapshot ${atParallel.length} bytes; per action (recover+resume+signal+getState) over ${N}: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${times[times.length - 1].toFixed(2)} ms`);
