/**
 * Runs a custom button (spec 01 §8): pre-check on the server; `stop` entries shown in a dialog
 * without cancel and the run refused; `warn` entries listed with 继续操作; then the run under the
 * loading overlay, the answer's links opened, the list refreshed. No antd: the page gives the prompts.
 */
import { useCallback, useState } from 'react';
import type { FormButton } from '../../../../schema-adapters';
import { checkButton, runButton, type ButtonCheckEntry } from '../../api/buttons';
import { HttpError } from '../../api/http';

/** Text a failure must carry to be shown as a notice. */
export const BUTTON_FAILURE = '当前按钮脚本执行异常';
/** Spec 01 §9: the loading overlay of a run. */
export const RUNNING_TEXT = '系统正在执行，请稍等....';

/** What the page shows for a run. */
export interface ButtonPrompts {
  stop(entries: ButtonCheckEntry[]): Promise<void>;
  warn(entries: ButtonCheckEntry[]): Promise<boolean>;
  notice(text: string): void;
  error(text: string): void;
  success(text: string): void;
  open(url: string): void;
}

/** `run(button, rows)`; `running` drives the overlay. */
export function useButtonRunner(formName: string, prompts: ButtonPrompts, after: { refresh(): void }, menuId?: number) {
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (button: FormButton, rows: readonly Record<string, unknown>[]) => {
      const ids = rows.map((r) => Number(r.id));
      try {
        const checked = (await checkButton(formName, button.id, ids)).data ?? [];
        const stops = checked.filter((e) => e.action === 'stop');
        if (stops.length) return void (await prompts.stop(stops));
        const warns = checked.filter((e) => e.action === 'warn');
        if (warns.length && !(await prompts.warn(warns))) return;
        setRunning(true);
        const answer = await runButton(formName, button.id, ids, menuId);
        setRunning(false);
        for (const url of answer.data?.links ?? []) prompts.open(url);
        prompts.success(answer.msg || '操作成功');
        after.refresh();
      } catch (err) {
        // Spec 01 §8: a failing call closes the overlay; a script failure is a notice.
        setRunning(false);
        const text = err instanceof HttpError ? err.message : String(err);
        if (text.includes(BUTTON_FAILURE)) prompts.notice(text);
        else prompts.error(text);
      }
    },
    [formName, prompts, after, menuId],
  );
  return { run, running };
}
