/** 批量修改 in the list toolbar: shown with `auto:{form}:edit`, never on a type-2 view; opens the dialog. */
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FormDefinition, UserContext } from '../../../../schema-adapters/definition/types';
import type { ListQuery } from '../../api/records';
import { isReadOnlyView } from '../../../shared/readOnlyRecords';

// The dialog holds the whole Formily form: loaded when first opened (ARCHITECTURE.md, split by route).
const BatchEditDialog = lazy(() => import('./BatchEditDialog').then((m) => ({ default: m.BatchEditDialog })));

/** The button and, while open, its dialog. */
export function BatchEditButton(props: {
  def: FormDefinition;
  has: (...perms: string[]) => boolean;
  ctx: UserContext | undefined;
  query: ListQuery;
  selectedIds: (number | string)[];
  total: number;
  totalExact: boolean;
  onDone(): void;
}) {
  const [open, setOpen] = useState(false);
  if (isReadOnlyView(props.def) || !props.has(`auto:${props.def.enName}:edit`) || !props.ctx) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>批量修改</Button>
      {open ? (
        <Suspense fallback={null}>
          <BatchEditDialog
            def={props.def}
            ctx={props.ctx}
            query={props.query}
            selectedIds={props.selectedIds}
            total={props.total}
            totalExact={props.totalExact}
            onClose={() => setOpen(false)}
            onDone={props.onDone}
          />
        </Suspense>
      ) : null}
    </>
  );
}
