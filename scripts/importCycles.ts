// `npm run lint` runs this after eslint: it fails when the static imports of src/ and
// schema-adapters/ form a cycle (issue 29 item 4). A cycle makes a module's exports undefined
// while its partner is still evaluating, depending on which one is imported first, and it
// blurs which folder is above which. Type-only imports count too: they are erased at runtime,
// but a type cycle is the same tangle of folders and turns into a runtime one with the first
// value import. Dynamic `import()` does not count: it runs after both modules are evaluated.
// (src/client/importCycles.test.ts is stricter for the client: it counts lazy `import()` too, since
// a lazy cycle still ties two chunks together.)
//
// `tsx scripts/importCycles.ts [--all]` prints each cycle as a ring of paths; --all also prints
// the allowed ones.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'schema-adapters'];
const SOURCE = /\.(?:ts|tsx)$/;

/**
 * Cycles allowed while another branch removes them (none today). Each entry is the cycle's files,
 * sorted, joined by ' ↔ '; it must match exactly, so a cycle that grows is reported again, and an
 * entry whose cycle is gone fails too, so the list empties as the cycles go.
 */
const ALLOWED = new Set<string>([]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) out.push(...sourceFiles(path));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Drops comments so an import shown in a comment or doc string is not taken for a real one. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

// `import x from '…'`, `import type {…} from '…'`, `import '…'`, `export * from '…'`,
// `export { a } from '…'`, spread over several lines; not `import('…')` nor `typeof import('…')`.
const STATEMENT = /(?:^|[;}\n])\s*(?:import|export)\s+(?:[^'";()]*?\s+from\s+|(?=['"]))['"]([^'"]+)['"]/g;

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(?:js|jsx|ts|tsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  for (const c of candidates) {
    if (SOURCE.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

export function importGraph(root = ROOT): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(join(root, folder))) {
      const targets = new Set<string>();
      const text = withoutComments(readFileSync(file, 'utf8'));
      for (const match of text.matchAll(STATEMENT)) {
        const target = resolveImport(file, match[1]);
        if (target && target !== file) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components; each component of two or more files holds a cycle. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];

  // Iterative, so a deep import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edges: Iterator<string> }> = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length) {
      const top = work[work.length - 1];
      const step = top.edges.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1) out.push(component);
      }
    }
  }
  return out;
}

/** One concrete ring inside a component, for the message: the shortest path back to its start. */
function ring(graph: Map<string, Set<string>>, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return path;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return component;
}

function main(): void {
  const showAll = process.argv.includes('--all');
  const graph = importGraph();
  const rel = (p: string) => relative(ROOT, p);
  let failing = 0;
  const seen = new Set<string>();
  for (const component of cycles(graph)) {
    const key = component.map(rel).sort().join(' ↔ ');
    seen.add(key);
    const allowed = ALLOWED.has(key);
    if (!allowed) failing += 1;
    if (allowed && !showAll) continue;
    const path = ring(graph, component).map(rel);
    process.stdout.write(`${allowed ? 'allowed' : 'cycle'} (${component.length} files): ${[...path, path[0]].join(' → ')}\n`);
  }
  // An entry whose cycle is gone must go too, so the list cannot hide the next cycle there.
  for (const key of ALLOWED) {
    if (seen.has(key)) continue;
    failing += 1;
    process.stdout.write(`no longer a cycle, remove it from ALLOWED in scripts/importCycles.ts: ${key}\n`);
  }
  if (failing) {
    process.stderr.write(`${failing} import cycle(s) or stale allow-list entries in ${FOLDERS.join(', ')}: move what both sides need into a module that imports neither.\n`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(ROOT, 'scripts/importCycles.ts')) main();
