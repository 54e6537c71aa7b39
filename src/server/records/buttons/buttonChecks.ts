/** The pre-check of a custom button (`POST /api/auto/button/check`, spec 01 §7, §8). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { buttonChecks, checkEntries, type CheckEntry, type FormButton } from '../../../../schema-adapters/index.js';
import type { AuthUser } from '../../auth/types.js';
import type { FormModel } from '../query/formModel.js';
import { userContext } from '../services/recordContext.js';
import { rowScopeOf } from '../services/dataScope.js';
import { buttonRecords } from './buttonRecords.js';

export type { CheckEntry };

/** Evaluates every rule of the button on every selected record, on the server (adapter checkEntries). */
export async function checkButton(db: Kysely<Database>, model: FormModel, button: FormButton, ids: number[], user: AuthUser): Promise<CheckEntry[]> {
  const rules = buttonChecks(button);
  if (!rules.length) return [];
  return checkEntries(rules, await buttonRecords(db, model, user.tenantId, ids, await rowScopeOf(db, user, model.form.enName)), userContext(user));
}
