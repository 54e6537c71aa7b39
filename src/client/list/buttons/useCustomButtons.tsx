/**
 * The custom buttons of a list (issue 17 item 4): which ones the user holds, and the antd prompts
 * of a run — the stop dialog (no cancel), the warn list with 继续操作, the notice for
 * 当前按钮脚本执行异常 and the loading overlay 系统正在执行，请稍等.....
 */
import { Spin } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useMemo } from 'react';
import type { FormDefinition } from '../../../../schema-adapters';
import type { ButtonCheckEntry } from '../../api/buttons';
import { customRowCandidates, customTopButtons } from './customButtonList';
import { RUNNING_TEXT, useButtonRunner, type ButtonPrompts } from './useButtonRunner';

/** Title of the button dialogs. */
export const BUTTON_DIALOG_TITLE = '系统提示';
/** The warn dialog's confirm button (spec 01 §8). */
export const CONTINUE_TEXT = '继续操作';

function EntryList({ entries }: { entries: ButtonCheckEntry[] }) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid="button-check-list">
      {entries.map((e, i) => <li key={i}>{e.errorTips}</li>)}
    </ul>
  );
}

/** Buttons (toolbar and row candidates), `run(button, rows)` and the overlay element to render. */
export function useCustomButtons(def: FormDefinition, has: (...perms: string[]) => boolean, after: { refresh(): void }, menuId?: number, enabled = true) {
  const { modal, message, notification } = useFeedback();
  const top = useMemo(() => (enabled ? customTopButtons(def, has) : []), [enabled, def, has]);
  const rowCandidates = useMemo(() => (enabled ? customRowCandidates(def, has) : []), [enabled, def, has]);
  const prompts: ButtonPrompts = useMemo(
    () => ({
      stop: (entries) => new Promise<void>((resolve) => {
        modal.warning({ title: BUTTON_DIALOG_TITLE, content: <EntryList entries={entries} />, okText: '确定', onOk: () => resolve() });
      }),
      warn: (entries) => new Promise<boolean>((resolve) => {
        modal.confirm({ title: BUTTON_DIALOG_TITLE, content: <EntryList entries={entries} />, okText: CONTINUE_TEXT, cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) });
      }),
      notice: (text) => notification.error({ message: BUTTON_DIALOG_TITLE, description: text }),
      error: (text) => void message.error(text),
      success: (text) => void message.success(text),
      open: (url) => void window.open(url, '_blank', 'noopener'),
    }),
    [modal, message, notification],
  );
  const { run, running } = useButtonRunner(def.enName, prompts, after, menuId);
  const overlay = running ? <Spin fullscreen spinning tip={RUNNING_TEXT} data-testid="button-running" /> : null;
  return { top, rowCandidates, run, overlay };
}
