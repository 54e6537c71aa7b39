/** The query of a record's mobile link (spec 01 §2.1): `/mmh5?formName={enName}&formId={id}&tenant={tenantCode}`. */
import { EN_NAME_PATTERN } from '../../../../schema-adapters/definition/names';

/** The parsed link, or why it cannot open. */
export type MobileParams = { ok: true; formName: string; formId: string; tenant: string | null } | { ok: false; reason: string };

/** Reads the link's query; a bad form name or id is refused before anything is fetched. */
export function mobileParams(search: string): MobileParams {
  const q = new URLSearchParams(search);
  const formName = q.get('formName') ?? '';
  const formId = q.get('formId') ?? '';
  if (!EN_NAME_PATTERN.test(formName) || !/^\d{1,15}$/.test(formId)) return { ok: false, reason: '二维码地址错误' };
  return { ok: true, formName, formId, tenant: q.get('tenant') };
}
