/**
 * The list toolbar's 打印 (exactly one selected row, spec 01 §2.2) and 批量打印 (one or more rows
 * printed as one document), both with `auto:{form}:print`, and the template chooser.
 */
import { App, Button } from 'antd';
import { PrintChooser } from './PrintChooser';
import { usePrintAction } from './usePrintAction';

/** The two buttons; nothing without the permission. */
export function PrintButtons(props: { formName: string; has: (...perms: string[]) => boolean; selectedIds: (number | string)[] }) {
  const { message } = App.useApp();
  const print = usePrintAction(props.formName, (text) => void message.warning(text));
  if (!props.has(`auto:${props.formName}:print`)) return null;
  const ids = props.selectedIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  return (
    <>
      <Button disabled={ids.length !== 1} onClick={() => void print.start(ids).catch(() => undefined)}>打印</Button>
      <Button disabled={ids.length < 1} onClick={() => void print.start(ids).catch(() => undefined)}>批量打印</Button>
      <PrintChooser choices={print.choices} onPick={print.pick} onClose={print.close} />
    </>
  );
}
