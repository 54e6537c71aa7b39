/**
 * Starting a print from a list (no antd): the form's templates are fetched; none → a message, one →
 * the print view opens at once, several → the chooser is shown and the picked one opens.
 */
import { useCallback, useState } from 'react';
import { listPrintChoices, type PrintChoice } from '../api/print';
import { NO_TEMPLATE_TEXT, viewReportUrl } from './printLinks';

/** Said when a form has no template. */
export { NO_TEMPLATE_TEXT };

/** `start(ids)` and the chooser's state. */
export function usePrintAction(formName: string, notify: (text: string) => void, open: (url: string) => void = (u) => void window.open(u, '_blank')) {
  const [pending, setPending] = useState<{ ids: number[]; choices: PrintChoice[] } | null>(null);
  const start = useCallback(
    async (ids: number[]) => {
      const choices = await listPrintChoices(formName);
      if (!choices.length) return notify(NO_TEMPLATE_TEXT);
      if (choices.length === 1) return open(viewReportUrl({ formName, templateId: choices[0].id, ids }));
      setPending({ ids, choices });
    },
    [formName, notify, open],
  );
  const pick = useCallback(
    (choice: PrintChoice) => {
      if (pending) open(viewReportUrl({ formName, templateId: choice.id, ids: pending.ids }));
      setPending(null);
    },
    [formName, open, pending],
  );
  return { start, choices: pending?.choices ?? null, pick, close: () => setPending(null) };
}
