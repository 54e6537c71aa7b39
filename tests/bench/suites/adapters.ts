// Adapter speed (issue 3): converting a 300-field definition with 150 conditions (target: median
// under 5 ms), and one value change re-evaluating only its dependents (target: under 1 ms of
// condition work). Figures go to docs/benchmarks.md, section "Adapters".
import {
  bindConditions, fieldStates, toColumns, toFormilySchema, validateRecord,
  type FieldDefinition, type FormDefinition, type UserContext,
} from '../../../schema-adapters/index';
import { buildForm } from '../../adapters/helpers';
import { measure, summarize, type BenchResult } from '../run';

const ctx: UserContext = { userId: 2, userName: 'staff', deptId: 11, roleKeys: ['staff'], roleNames: ['员工'] };
const TYPES = ['input', 'number', 'select', 'dateStamp', 'switch', 'textarea', 'user', 'radio', 'checkbox', 'relatedForm'] as const;

/** 300 fields; every other field from the 11th on carries a condition over 1–3 earlier fields (150 in all). */
export function generatedDefinition(salt = ''): FormDefinition {
  const fields: FieldDefinition[] = [];
  for (let i = 0; i < 300; i++) {
    const funcType = TYPES[i % TYPES.length];
    const field: FieldDefinition = { enName: `f${i}`, label: `字段${i}`, funcType, maxLength: funcType === 'input' ? 50 : undefined };
    if (funcType === 'select' || funcType === 'radio' || funcType === 'checkbox') {
      field.selectMode = 0;
      field.options = [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }, { label: '丙', value: 'c' }];
    }
    if (funcType === 'relatedForm') field.relateEnName = 'other_form';
    fields.push(field);
  }
  let conditions = 0;
  for (let i = 11; i < 300 && conditions < 150; i += 2) {
    const a = `f${(i * 7) % 10}`; // one of f0…f9: a number of fields depend on each of these
    const b = `f${i - 1}`;
    const kind = conditions % 3;
    if (kind === 0) fields[i].hideCondition = `\${${a}} == 'a${salt}' || len(\${${b}}) > 3`;
    else if (kind === 1) fields[i].requiredCon = `\${${a}} > 10 && !isEmpty(\${${b}}) && contains(#{roleNames}, '员工${salt}')`;
    else fields[i].disabledCon = `\${${a}} in ['x', 'y${salt}'] && #{userId} != 1`;
    conditions++;
  }
  return { enName: 'bench_form', cnName: '基准表单', fields };
}

export default async function adapters(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const warm = generatedDefinition();

  results.push(measure('toFormilySchema, 300 fields / 150 conditions (conditions compiled before)', () => { toFormilySchema(warm); }, { iterations: 300 }));
  // Fresh condition texts every run: parsing and compiling all 150 conditions is part of the figure.
  const cold = Array.from({ length: 220 }, (_, i) => generatedDefinition(`#${i}`));
  results.push(measure('toFormilySchema, 300 fields / 150 new conditions (parse + compile)', (i) => { toFormilySchema(cold[i < 0 ? 200 + (-1 - i) % 20 : i]); }, { iterations: 200, warmup: 20 }));
  const cold2 = Array.from({ length: 220 }, (_, i) => generatedDefinition(`%${i}`));
  results.push(measure('toFormilySchema + first fieldStates, 150 new conditions (incl. expr-eval-fork parse)', (i) => {
    const def = cold2[i < 0 ? 200 + (-1 - i) % 20 : i];
    toFormilySchema(def);
    fieldStates(def, {}, ctx);
  }, { iterations: 200, warmup: 20 }));
  results.push(measure('toColumns, 300 fields', () => { toColumns(warm, { settings: { 'sys.thousand.separator.enabled': 'true' } }); }, { iterations: 300 }));

  const record: Record<string, unknown> = {};
  warm.fields.forEach((f, i) => { record[f.enName] = f.funcType === 'number' ? i : f.funcType === 'checkbox' ? ['a'] : f.funcType === 'switch' ? true : 'a'; });
  results.push(measure('fieldStates on a 300-field record (server re-check)', () => { fieldStates(warm, record, ctx); }, { iterations: 300 }));
  results.push(measure('validateRecord on a 300-field record', () => { validateRecord(warm, record, ctx); }, { iterations: 300 }));

  // One value change in a live @formily/core form: time spent inside the bound condition reactions only.
  let conditionMs = 0;
  let runs = 0;
  const schema = bindConditions(toFormilySchema(warm), { ctx });
  for (const node of Object.values(schema.properties ?? {})) {
    const reactions = node['x-reactions'];
    if (!Array.isArray(reactions)) continue;
    node['x-reactions'] = reactions.map((r) => (typeof r !== 'function' ? r : (field: never, scope: never) => {
      const start = performance.now();
      (r as (f: never, s: never) => void)(field, scope);
      conditionMs += performance.now() - start;
      runs++;
    }));
  }
  const { form } = buildForm(schema, record);
  const conditionSamples: number[] = [];
  const totalSamples: number[] = [];
  let dependents = 0;
  for (let i = 0; i < 220; i++) {
    conditionMs = 0;
    runs = 0;
    const start = performance.now();
    form.setValuesIn('f3', i % 2 ? 'x' : 'y'); // f3 is read by the conditions of 29 fields
    const total = performance.now() - start;
    if (i >= 20) { conditionSamples.push(conditionMs); totalSamples.push(total); dependents = runs; }
  }
  results.push(summarize('one value change: condition work (bound reactions only)', conditionSamples, `${dependents} of 150 conditional fields re-evaluated`));
  results.push(summarize('one value change: whole setValuesIn incl. Formily', totalSamples, 'Formily bookkeeping + the reactions above'));
  return results;
}
