/**
 * The four invoice buttons of 发票台账 (spec 01 §2.2: shown on `auto_fptz`; spec 02 §2.5):
 * 发票采集 (add permission), 状态采集, 发票认证 and 认证结果 (edit permission; the last two act on
 * the selected invoices). Dialogs load on first use. Each button first asks the server whether the
 * tenant's tax platform is configured and names the missing setting instead of opening.
 */
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useFeedback } from '../../feedback/useFeedback';
import { certificationResults } from '../../api/taxPlatform';
import { certificationText } from './outcomeTexts';
import { whenPlatformConfigured } from './whenPlatformConfigured';

const CollectionDialog = lazy(() => import('./CollectionDialog').then((m) => ({ default: m.CollectionDialog })));
const StateCollectionDialog = lazy(() => import('./StateCollectionDialog').then((m) => ({ default: m.StateCollectionDialog })));
const CertificationDialog = lazy(() => import('./CertificationDialog').then((m) => ({ default: m.CertificationDialog })));

/** The form these buttons belong to (spec 01 §2.2). */
export const INVOICE_LEDGER_FORM = 'auto_fptz';

type Open = 'collect' | 'state' | 'certify' | null;

export function InvoiceLedgerButtons(props: { form: string; has: (...perms: string[]) => boolean; selectedIds: (number | string)[]; onDone(): void }) {
  const [open, setOpen] = useState<Open>(null);
  const [fetching, setFetching] = useState(false);
  const { message, modal } = useFeedback();
  const canAdd = props.has(`auto:${props.form}:add`);
  const canEdit = props.has(`auto:${props.form}:edit`);
  if (props.form !== INVOICE_LEDGER_FORM || (!canAdd && !canEdit)) return null;
  const close = () => setOpen(null);
  const warn = (text: string) => message.warning(text, 5);
  const openChecked = (which: Open) => void whenPlatformConfigured(warn, () => setOpen(which));
  const fetchResults = async () => {
    setFetching(true);
    try {
      await whenPlatformConfigured(warn, showResults);
    } finally {
      setFetching(false);
    }
  };
  const showResults = async () => {
    try {
      const text = certificationText(await certificationResults(props.selectedIds));
      if (text.details.length) void modal.info({ title: text.summary, width: 560, content: <ul style={{ paddingLeft: 20 }}>{text.details.map((d, i) => <li key={i}>{d}</li>)}</ul> });
      else void message.success(text.summary);
      props.onDone();
    } catch {
      // Shown by the HTTP client.
    }
  };
  const none = props.selectedIds.length === 0;
  return (
    <>
      {canAdd ? <Button onClick={() => openChecked('collect')}>发票采集</Button> : null}
      {canEdit ? (
        <>
          <Button onClick={() => openChecked('state')}>状态采集</Button>
          <Button disabled={none} onClick={() => openChecked('certify')}>发票认证</Button>
          <Button disabled={none} loading={fetching} onClick={() => void fetchResults()}>认证结果</Button>
        </>
      ) : null}
      <Suspense fallback={null}>
        {open === 'collect' ? <CollectionDialog onClose={close} onDone={props.onDone} /> : null}
        {open === 'state' ? <StateCollectionDialog onClose={close} onDone={props.onDone} /> : null}
        {open === 'certify' ? <CertificationDialog ids={props.selectedIds} onClose={close} onDone={props.onDone} /> : null}
      </Suspense>
    </>
  );
}
