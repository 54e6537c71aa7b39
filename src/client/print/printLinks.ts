/**
 * Print links (spec 01 §5, §8): the address of the print view, and the `info` of a button's print
 * link parsed into entries. Pure.
 *
 * An `info` holds entries separated by semicolons. Each entry is a query string, optionally after
 * a path and `?` (`/view-report?…`): `id` the record id(s) (`${id}` / `{id}` is the selected
 * record's id; several ids comma-separated print as one batch), `printTemplateName` the template,
 * `formName` the form (default: the button's form). E.g.
 * `id=${id}&printTemplateName=合同打印;id=${id}&printTemplateName=简版`.
 */

/** Spec 01 §5 / §8 messages. */
export const PRINT_LINK_NO_ID = '地址错误，请配置id信息';
export const PRINT_LINK_NO_TEMPLATE = '地址错误，请配置模版名称信息';
/** Said when the form has no template at all (issue 27 item 1; not an address error). */
export const NO_TEMPLATE_TEXT = '该表单尚未配置打印模版';

/** Path of the print view (spec 02 §2.1). */
export const VIEW_REPORT_PATH = '/view-report';

/** Which template and which records a print view shows. */
export interface PrintTarget {
  formName: string;
  templateId?: number;
  templateName?: string;
  ids: number[];
}

/** The print view's address of a target. */
export function viewReportUrl(t: PrintTarget): string {
  const q = new URLSearchParams({ formName: t.formName });
  if (t.templateId) q.set('templateId', String(t.templateId));
  if (t.templateName) q.set('templateName', t.templateName);
  q.set('ids', t.ids.join(','));
  return `${VIEW_REPORT_PATH}?${q.toString()}`;
}

/** The target an address of the print view names (ids that are not positive integers are dropped). */
export function parseViewReportQuery(search: URLSearchParams): PrintTarget {
  const ids = (search.get('ids') ?? search.get('id') ?? '').split(',').map((s) => s.trim()).filter((s) => /^\d{1,15}$/.test(s)).map(Number);
  const templateId = Number(search.get('templateId'));
  const templateName = search.get('templateName') ?? search.get('printTemplateName') ?? undefined;
  return { formName: search.get('formName') ?? '', ids, ...(templateId > 0 ? { templateId } : {}), ...(templateName ? { templateName } : {}) };
}

/** One entry of a print link, before the templates are known. */
export interface PrintLinkEntry {
  formName: string;
  ids: number[];
  templateName?: string;
}

/** A print link that cannot be opened; `message` is the spec's text. */
export class PrintLinkError extends Error {}

/** The entries of `info` with the selected record's id filled in; throws PrintLinkError for an entry without an id. */
export function parsePrintLink(info: string, ctx: { formName: string; row?: Record<string, unknown> }): PrintLinkEntry[] {
  const rowId = ctx.row?.id == null ? '' : String(ctx.row.id);
  const entries = info.split(/[;；]/).map((s) => s.trim()).filter(Boolean);
  if (!entries.length) throw new PrintLinkError(PRINT_LINK_NO_ID);
  return entries.map((entry) => {
    const query = new URLSearchParams(entry.includes('?') ? entry.slice(entry.indexOf('?') + 1) : entry);
    const raw = (query.get('id') ?? query.get('ids') ?? '').replace(/\$\{id\}|\{id\}|#\{id\}/g, rowId);
    const ids = raw.split(',').map((s) => s.trim()).filter(Boolean);
    if (!ids.length || !ids.every((s) => /^\d{1,15}$/.test(s))) throw new PrintLinkError(PRINT_LINK_NO_ID);
    const templateName = query.get('printTemplateName')?.trim() || undefined;
    return { formName: query.get('formName')?.trim() || ctx.formName, ids: ids.map(Number), ...(templateName ? { templateName } : {}) };
  });
}
