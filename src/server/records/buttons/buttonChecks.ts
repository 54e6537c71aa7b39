/** The pre-check of a custom button (`POST /api/auto/button/check`, spec 01 §7, §8). */
import type { Kysely } from 'kysely';
import { buttonChecks, compileCondition, fillPlaceholders, type FormButton } from '../../../../schema-adapters/index.js';
import type { AuthUser } from '../../auth/types.js';
import type { FormModel } from '../query/formModel.js';
import { userContext } from '../services/recordContext.js';
import { buttonRecords } from './buttonRecords.js';

/** One answer entry: `stop` refuses the run, `warn` asks 继续操作. */
export interface CheckEntry {
  action: 'stop' | 'warn';
  errorTips: string;
}

/**
 * Evaluates every rule of the button on every selected record, on the server; a rule whose
 * condition fails to evaluate counts as holding (a check must not pass by accident). Stops come
 * first; the same text is listed once.
 */
export async function checkButton(db: Kysely<any>, model: FormModel, button: FormButton, ids: number[], user: AuthUser): Promise<CheckEntry[]> {
  const rules = buttonChecks(button);
  if (!rules.length) return [];
  const ctx = userContext(user);
  const records = await buttonRecords(db, model, user.tenantId, ids);
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
