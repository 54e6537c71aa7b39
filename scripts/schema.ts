// `npm run schema -- <definition.json> [--mode add|edit|detail|flow]`: prints the definition's
// problems (if any), its Formily schema and its column model as JSON (CONTRACT.md §1).
import { readFileSync } from 'node:fs';
import { toColumns, toFormilySchema, validateDefinition, type FormDefinition } from '../schema-adapters/index';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const modeAt = args.indexOf('--mode');
const mode = (modeAt >= 0 ? args[modeAt + 1] : 'add') as 'add' | 'edit' | 'detail' | 'flow';

if (!file) {
  process.stderr.write('用法：npm run schema -- <表单定义.json> [--mode add|edit|detail|flow]\n');
  process.exit(2);
}

let def: unknown;
try {
  def = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  process.stderr.write(`无法读取 ${file}：${(error as Error).message}\n`);
  process.exit(2);
}

const problems = validateDefinition(def);
if (problems.length) {
  process.stdout.write(`${JSON.stringify({ problems }, null, 2)}\n`);
  process.exit(1);
}
const form = def as FormDefinition;
process.stdout.write(`${JSON.stringify({ schema: toFormilySchema(form, { mode }), columns: toColumns(form) }, null, 2)}\n`);
