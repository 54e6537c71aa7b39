/** A row's custom buttons in the 操作 column (rightShow, rightShowCon through the adapter). */
import type { FormButton, UserContext } from '../../../../schema-adapters';
import { customRowButtonsFor } from './customButtonList';

export function CustomRowButtons(props: { candidates: FormButton[]; row: Record<string, unknown>; ctx: UserContext | undefined; onRun(button: FormButton, row: Record<string, unknown>): void }) {
  return (
    <>
      {customRowButtonsFor(props.candidates, props.row, props.ctx).map((b) => (
        <a key={`custom${String(b.id)}`} onClick={(e) => { e.stopPropagation(); props.onRun(b, props.row); }}>{b.name}</a>
      ))}
    </>
  );
}
