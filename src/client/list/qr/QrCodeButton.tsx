/** 二维码 in the list toolbar: one selected record (as 查看), opens its QR-code dialog. */
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FormDefinition } from '../../../../schema-adapters/definition/types';
import { isReadOnlyView } from '../../../shared/readOnlyRecords';

const QrCodeDialog = lazy(() => import('./QrCodeDialog').then((m) => ({ default: m.QrCodeDialog })));

/** Shown with query (or list:root), not on views; enabled with exactly one selected row. */
export function QrCodeButton(props: { def: FormDefinition; has: (...perms: string[]) => boolean; selectedIds: (number | string)[] }) {
  const [open, setOpen] = useState(false);
  const form = props.def.enName;
  // A type-2 view's rows are other forms' records (combined ids): no mobile page of their own.
  if (isReadOnlyView(props.def) || !props.has(`auto:${form}:query`, `auto:${form}:list:root`)) return null;
  return (
    <>
      <Button disabled={props.selectedIds.length !== 1} onClick={() => setOpen(true)}>二维码</Button>
      {open && props.selectedIds.length === 1 ? (
        <Suspense fallback={null}>
          <QrCodeDialog formName={form} title={props.def.cnName} id={props.selectedIds[0]} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
