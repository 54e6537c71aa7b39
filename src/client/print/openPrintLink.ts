/**
 * Opens a button's print link (spec 01 §3.1 `info`, §5, §8), for the toolbar and for custom
 * buttons: every entry opens the print view in a new tab. An entry without an id, or without a
 * printTemplateName while its form has several templates, or for a form without templates
 * (该表单尚未配置打印模版), opens nothing and the whole call fails
 * with the spec's message (PrintLinkError) for the caller to show, e.g.
 *
 *   try { await openPrintLink(button.info, { formName, row }); }
 *   catch (e) { message.error((e as Error).message); }
 */
import { listPrintChoices, type PrintChoice } from '../api/print';
import { NO_TEMPLATE_TEXT, parsePrintLink, PrintLinkError, PRINT_LINK_NO_TEMPLATE, viewReportUrl, type PrintTarget } from './printLinks';

export { PrintLinkError, PRINT_LINK_NO_ID, PRINT_LINK_NO_TEMPLATE } from './printLinks';

/** What the link is opened for. */
export interface PrintLinkContext {
  /** The button's form (entries without formName print from it). */
  formName: string;
  /** The selected record: its id fills `${id}`. */
  row?: Record<string, unknown>;
  /** Opens an address; default a new browser tab. */
  open?: (url: string) => void;
  /** The templates of a form; default the server's list. */
  choices?: (formName: string) => Promise<PrintChoice[]>;
}

/** Opens every entry of `info`; answers the addresses opened. Throws PrintLinkError (spec message). */
export async function openPrintLink(info: string | undefined | null, ctx: PrintLinkContext): Promise<string[]> {
  const entries = parsePrintLink(info ?? '', ctx);
  const choices = ctx.choices ?? listPrintChoices;
  const targets: PrintTarget[] = [];
  for (const entry of entries) {
    const list = await choices(entry.formName);
    // A form without any template is not an address error: say what is missing (issue 27 item 1).
    if (!list.length) throw new PrintLinkError(NO_TEMPLATE_TEXT);
    if (!entry.templateName && list.length > 1) throw new PrintLinkError(PRINT_LINK_NO_TEMPLATE);
    const templateName = entry.templateName ?? list[0]?.name;
    if (!templateName || !list.some((t) => t.name === templateName)) throw new PrintLinkError(PRINT_LINK_NO_TEMPLATE);
    targets.push({ formName: entry.formName, ids: entry.ids, templateName });
  }
  const open = ctx.open ?? ((url: string) => void window.open(url, '_blank'));
  const urls = targets.map(viewReportUrl);
  urls.forEach(open);
  return urls;
}
