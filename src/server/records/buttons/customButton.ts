/** The custom button a call names, found in the stored definition (never taken from the request). */
import { isCustomButton, type FormButton } from '../../../../schema-adapters/index.js';
import type { AuthUser } from '../../auth/types.js';
import { requirePermission } from '../../auth/permissions.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { formPerm } from '../services/formPermissions.js';

/** `button` of a request: the id, or an object carrying it (the list sends the id). */
function buttonId(raw: unknown): string {
  const id = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).id : raw;
  if ((typeof id !== 'string' && typeof id !== 'number') || !/^[A-Za-z0-9_]{1,32}$/.test(String(id))) throw badRequest('button 须为按钮编号');
  return String(id);
}

/**
 * The form's custom button with that id, after the permission check `auto:{form}:btn{id}`
 * (spec 01 §6); 404 when the form has no such custom button.
 */
export function customButtonOf(model: FormModel, raw: unknown, user: AuthUser): FormButton {
  const id = buttonId(raw);
  const form = model.form.enName;
  requirePermission(user, formPerm(form, `btn${id}`));
  const button = (model.form.definition.buttons ?? []).find((b) => String(b.id) === id);
  if (!button || !isCustomButton(button)) throw notFound('按钮不存在');
  return button;
}

/** `ids` of a request (a list of positive integers, possibly empty); at most 1000. */
export function selectedIds(raw: unknown, button: FormButton): number[] {
  if (raw == null) raw = [];
  if (!Array.isArray(raw)) throw badRequest('ids 须为编号数组');
  const ids = raw.map((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v));
  if (ids.some((v) => typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0)) throw badRequest('编号须为正整数');
  if (ids.length > 1000) throw badRequest('一次最多处理1000条记录');
  if (!ids.length && !button.unSelectedActionable) throw badRequest('请选择要操作的记录');
  return [...new Set(ids as number[])];
}
