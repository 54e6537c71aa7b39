/** The toolbar's custom buttons, enabled by the selection (spec 01 §2.2), after the system ones. */
import { Button } from 'antd';
import type { FormButton } from '../../../../schema-adapters';
import { customButtonEnabled } from './customButtonList';

export function CustomTopButtons(props: { buttons: FormButton[]; selectedCount: number; onRun(button: FormButton): void }) {
  return (
    <>
      {props.buttons.map((b) => (
        <Button key={`custom${String(b.id)}`} disabled={!customButtonEnabled(b, props.selectedCount)} onClick={() => props.onRun(b)} data-testid={`custom-button-${String(b.id)}`}>
          {b.name}
        </Button>
      ))}
    </>
  );
}
