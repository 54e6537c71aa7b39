/**
 * The client's modules form no import cycle (issue 13: `fields → list → form → fields` was one).
 * Reads every source file under src/client, follows its relative imports — static, type-only and
 * lazy `import()` alike — and reports each cycle it finds as a chain of paths.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname);
const SPECIFIER = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string, known: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => known.has(p));
}

/** Every cycle reachable by depth-first search, each as the list of files around it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'active');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'active') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('client import graph', () => {
  it('has no cycle', () => {
    const files = sources(root);
    const known = new Set(files);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(SPECIFIER)].map((m) => resolveImport(file, m[1] ?? m[2] ?? m[3], known)).filter((p): p is string => !!p);
      graph.set(file, [...new Set(targets)]);
    }
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((c) => c.map((p) => relative(root, p)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
