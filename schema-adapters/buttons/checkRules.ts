import { compileCondition } from '../conditions/compileCondition';
import type { FormDefinition, UserContext } from '../definition/types';
import { fillPlaceholders } from './fillPlaceholders';

/** A rule of a button pre-check or of `feature.formChecks`: when `when` holds, answer `{action, errorTips}`. */
export interface CheckRule {
  when: string;
  action: 'stop' | 'warn';
  errorTips: string;
}

/** One answer of a check: `stop` refuses, `warn` asks 继续操作. */
export interface CheckEntry {
  action: 'stop' | 'warn';
  errorTips: string;
}

/**
 * The scenes of `feature.formChecks`: delete and invalid through their pre-check, add and edit on
 * save (stop only), deleteSub before a saved sub-form row is removed (`subForm` names the sub-form).
 */
export const FORM_CHECK_SCENES = ['add', 'edit', 'delete', 'invalid', 'deleteSub'] as const;
export type FormCheckScene = (typeof FORM_CHECK_SCENES)[number];

/**
 * The entries of `rules` over `records`: a rule whose condition holds — or fails to evaluate (a
 * check must not pass by accident) — answers its errorTips with `${field}` filled from the
 * record. Stops first; each text once.
 */
export function checkEntries(rules: readonly CheckRule[], records: readonly Record<string, unknown>[], ctx: UserContext): CheckEntry[] {
  const seen = new Set<string>();
  const entries: CheckEntry[] = [];
  for (const record of records) {
    for (const rule of rules) {
      const outcome = compileCondition(rule.when).evaluate(record, ctx);
      if (outcome !== true && outcome !== 'error') continue;
      const entry = { action: rule.action, errorTips: fillPlaceholders(rule.errorTips, record, false) };
      const key = `${entry.action}|${entry.errorTips}`;
      if (!seen.has(key)) entries.push(entry);
      seen.add(key);
    }
  }
  return [...entries.filter((e) => e.action === 'stop'), ...entries.filter((e) => e.action === 'warn')];
}

/** The definition's `feature.formChecks` rules of one scene (validated on save). */
export function formChecksOf(def: FormDefinition, scene: FormCheckScene, subForm?: string): CheckRule[] {
  const all = Array.isArray(def.feature?.formChecks) ? def.feature.formChecks : [];
  return all.filter((r) => r.scene === scene && (scene !== 'deleteSub' || r.subForm == null || r.subForm === subForm)) as unknown as CheckRule[];
}
