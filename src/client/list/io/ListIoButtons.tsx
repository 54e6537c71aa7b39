/** 导入 / 导出 in the list toolbar (spec 01 §2.2, §6), each only with its permission, and their dialogs. */
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FormDefinition, UserContext } from '../../../../schema-adapters';
import type { ListQuery } from '../../api/records';
import { isReadOnlyView } from '../../../shared/readOnlyRecords';

// The dialogs (antd Upload, Progress, their tables) load on the first click, not with the list
// page (issue 15, goal 6: first-load JavaScript budgets).
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));
const ExportDialog = lazy(() => import('./ExportDialog').then((m) => ({ default: m.ExportDialog })));

/** The two buttons; `has` is the list's permission check. */
export function ListIoButtons(props: {
  def: FormDefinition;
  has: (...perms: string[]) => boolean;
  ctx: UserContext | undefined;
  query: ListQuery;
  selectedIds: (number | string)[];
  onImported(): void;
}) {
  const [open, setOpen] = useState<'import' | 'export' | null>(null);
  const form = props.def.enName;
  // A type-2 view is read-only: it exports but takes no import (the server refuses one too).
  const canImport = !isReadOnlyView(props.def) && props.has(`auto:${form}:import`);
  const canExport = props.has(`auto:${form}:export`);
  if (!canImport && !canExport) return null;
  return (
    <>
      {canImport ? <Button onClick={() => setOpen('import')}>导入</Button> : null}
      {canExport ? <Button onClick={() => setOpen('export')}>导出</Button> : null}
      <Suspense fallback={null}>
        {open === 'import' ? <ImportDialog open def={props.def} onImported={props.onImported} onClose={() => setOpen(null)} /> : null}
        {open === 'export' ? (
          <ExportDialog open def={props.def} ctx={props.ctx} query={props.query} selectedIds={props.selectedIds} onClose={() => setOpen(null)} />
        ) : null}
      </Suspense>
    </>
  );
}
