/**
 * The list toolbar's 打印 (exactly one selected row, spec 01 §2.2) and 批量打印 (one or more rows
 * printed as one document), both with `auto:{form}:print`, and the template chooser. A configured
 * top button with sysAction `print` (spec 01 §3.1) gives 打印 its name, and its `info`, when set,
 * is a print link opened with openPrintLink (its errors shown as the spec words them).
 */
import { Button } from 'antd';
import { useFeedback } from '../feedback/useFeedback';
import type { FormDefinition } from '../../../schema-adapters';
import { isReadOnlyView } from '../../shared/readOnlyRecords';
import { openPrintLink, PrintLinkError } from './openPrintLink';
import { PrintChooser } from './PrintChooser';
import { usePrintAction } from './usePrintAction';

/** The two buttons; nothing without the permission. */
export function PrintButtons(props: { def: FormDefinition; has: (...perms: string[]) => boolean; selectedIds: (number | string)[] }) {
  const { message } = useFeedback();
  const formName = props.def.enName;
  const print = usePrintAction(formName, (text) => void message.warning(text));
  // A type-2 view offers only 详情 and 导出 (issue 12 item 8): its records are printed from their source forms.
  if (!props.has(`auto:${formName}:print`) || isReadOnlyView(props.def)) return null;
  const configured = (props.def.buttons ?? []).find((b) => b.topShow && b.sysAction === 'print');
  const ids = props.selectedIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const printOne = () => {
    if (configured?.info?.trim()) {
      // A failed template fetch was shown by the HTTP client; a bad link is shown here.
      openPrintLink(configured.info, { formName, row: { id: ids[0] } }).catch((e: unknown) => {
        if (e instanceof PrintLinkError) void message.error(e.message);
      });
      return;
    }
    void print.start(ids).catch(() => undefined);
  };
  return (
    <>
      <Button disabled={ids.length !== 1} onClick={printOne}>{configured?.name ?? '打印'}</Button>
      <Button disabled={ids.length < 1} onClick={() => void print.start(ids).catch(() => undefined)}>批量打印</Button>
      <PrintChooser choices={print.choices} onPick={print.pick} onClose={print.close} />
    </>
  );
}
