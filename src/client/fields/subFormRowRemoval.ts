/**
 * Removing a sub-form row (spec 01 §7 `check/deleteSub`): a row already saved with its record is
 * first checked by the server when the form has deleteSub rules (feature.formChecks); a stop
 * refuses, a warn asks. New rows, the add page and the offline preview remove at once. No React.
 */
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { checkDeleteSub } from '../api/buttons';

/** What the page shows: the stop text (OK only), the warn text (confirm). */
export interface RemovalPrompts {
  stop(text: string): Promise<void>;
  warn(text: string): Promise<boolean>;
}

/** Whether the row may go; `false` leaves it. A failing call (already reported by the HTTP client) keeps it. */
export async function mayRemoveSubRow(
  page: { formName: string; recordId?: number | string; offline?: boolean; def?: FormDefinition },
  subForm: string,
  row: Record<string, unknown> | undefined,
  prompts: RemovalPrompts,
): Promise<boolean> {
  const rowId = row?.id;
  const rules = page.def?.feature?.formChecks ?? [];
  const checked = rules.some((r) => r.scene === 'deleteSub' && (r.subForm == null || r.subForm === subForm));
  if (!checked || page.offline || page.recordId == null || typeof rowId !== 'number') return true;
  try {
    const answer = (await checkDeleteSub(page.formName, subForm, page.recordId, [rowId])).data;
    if (answer?.action === 'stop') {
      await prompts.stop(answer.errorTips);
      return false;
    }
    if (answer?.action === 'warn') return prompts.warn(answer.errorTips);
    return true;
  } catch {
    return false;
  }
}
