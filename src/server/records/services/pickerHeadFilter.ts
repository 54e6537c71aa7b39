/**
 * The relateHeadFilter of a related-form picker (spec 01 §3.2, issue 27 item 9). The picker's list
 * call names the field it picks for (`sourceForm`, `sourceField`) and sends the current form's
 * main-field values the filter refers to (`sourceValues`); the conditions themselves come from the
 * stored definition of the source form in the caller's tenant, so a client cannot widen them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AuthUser } from '../../auth/types.js';
import { badRequest } from '../../http/HttpError.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { headFilterRefs, relatedFieldOf, resolveHeadFilter } from '../../../../schema-adapters/records/relatedValues.js';

const scalar = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The values `sourceValues` gives for `names`, each a scalar or a list of scalars. */
function pickValues(raw: unknown, names: string[]): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('sourceValues 须为对象');
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (!Object.hasOwn(raw, name)) continue;
    const v = (raw as Record<string, unknown>)[name];
    if (!(scalar(v) || (Array.isArray(v) && v.length <= 1000 && v.every(scalar)))) throw badRequest(`表头过滤的值「${name}」格式不正确`);
    out[name] = v;
  }
  return out;
}

/**
 * The resolved header filter for a list call of `form`, or undefined when the call is not a picker's
 * or its field has none. A named source field that is not a relatedForm field of `sourceForm`
 * pointing at `form` is refused.
 */
export async function pickerHeadFilter(db: Kysely<Database>, user: AuthUser, form: string, body: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  if (body.scene !== 'relateForm' || body.sourceField === undefined || body.sourceField === null || body.sourceField === '') return undefined;
  const { sourceForm, sourceField } = body;
  if (typeof sourceForm !== 'string' || typeof sourceField !== 'string') throw badRequest('sourceForm 和 sourceField 须为文本');
  const def = await findFormByName(db, user.tenantId, sourceForm);
  const field = def ? relatedFieldOf(def.definition, sourceField) : undefined;
  if (!field || field.relateEnName !== form) throw badRequest(`表单「${sourceForm}」没有关联到本表单的字段「${sourceField}」`);
  return resolveHeadFilter(field.relateHeadFilter, pickValues(body.sourceValues, headFilterRefs(field.relateHeadFilter)));
}
