/**
 * The list's record actions (spec 01 §4, §6, §8, §9): detail, add, edit, copy, delete and void with
 * their pre-checks. No antd: the view passes the dialogs (`Prompts`) these flows need.
 */
import { useCallback } from 'react';
import { formOptions, recordNames, recordTitle, type FormDefinition } from '../../../../schema-adapters';
import { deleteRecords, precheck, voidRecords, type RecordRow } from '../../api/records';
import type { ListAction } from './listActions';
import { viewRowSource } from '../../../shared/readOnlyRecords';

/** Spec 01 §9 texts. */
export const ACTION_TEXTS = {
  confirmDelete: '是否确认删除该数据项?',
  confirmVoid: '是否确认作废该数据项?',
  deleted: '删除成功',
  voided: '作废成功',
  noCopy: '暂无流程信息',
} as const;

/**
 * A delete or void confirmation: spec 01 §9's question, then the records it acts on by serial
 * number or title (up to 10, then 等 N 条), so a user sees what a stale tick would hit.
 */
export function removeConfirmText(op: 'delete' | 'invalid', def: Pick<FormDefinition, 'fields'>, rows: Record<string, unknown>[]): string {
  return `${op === 'delete' ? ACTION_TEXTS.confirmDelete : ACTION_TEXTS.confirmVoid}\n${removeNames(def, rows)}`;
}

/** The line naming the records a delete or void acts on. */
export function removeNames(def: Pick<FormDefinition, 'fields'>, rows: Record<string, unknown>[]): string {
  return recordNames(rows.map((r) => recordTitle(def, r)));
}

/** The dialogs and notices a flow needs; the view implements them with antd. */
export interface Prompts {
  /** A yes / no question (lines separated by \n); resolves true on yes. */
  confirm(text: string): Promise<boolean>;
  /** Spec 01 §8: a pre-check's other outcome: an alert with HTML text and a plain line under it; resolves true when confirmed. */
  alertHtml(html: string, detail?: string): Promise<boolean>;
  error(text: string): void;
  success(text: string): void;
}

/** Where the actions lead. */
export interface ActionRoutes {
  navigate(to: string): void;
  /** The add drawer of a form whose `feature.addMode` is `stockInDrawer` (spec 01 §2.1). */
  openAddDrawer?(): void;
}

/** The callbacks of the toolbar and the row buttons. */
export function useListActions(def: FormDefinition, has: (...perms: string[]) => boolean, prompts: Prompts, routes: ActionRoutes, after: { refresh(): void; clearSelection(): void }) {
  const form = def.enName;

  const remove = useCallback(
    async (op: 'delete' | 'invalid', rows: RecordRow[]): Promise<boolean> => {
      const ids = rows.map((r) => r.id);
      if (!ids.length) return false;
      let check;
      try {
        check = (await precheck(form, op, ids)).data;
      } catch {
        return false;
      }
      if (check && !check.success) {
        if (check.action === 'stop') {
          prompts.error(check.errorTips);
          return false;
        }
        if (!(await prompts.alertHtml(check.errorTips, removeNames(def, rows)))) return false;
      } else if (!(await prompts.confirm(removeConfirmText(op, def, rows)))) return false;
      try {
        if (op === 'delete') await deleteRecords(form, ids);
        else await voidRecords(form, ids);
      } catch {
        return false;
      }
      prompts.success(op === 'delete' ? ACTION_TEXTS.deleted : ACTION_TEXTS.voided);
      after.clearSelection();
      after.refresh();
      return true;
    },
    [form, def, prompts, after],
  );

  const run = useCallback(
    async (action: ListAction, rows: RecordRow[]) => {
      const first = rows[0];
      switch (action) {
        case 'add':
          // The list's rows change on the way back: ticks kept meanwhile would name stale rows.
          after.clearSelection();
          if (formOptions(def).addMode === 'stockInDrawer' && routes.openAddDrawer) routes.openAddDrawer();
          else routes.navigate(`/auto/${form}/add`);
          return;
        case 'query': {
          // A view row's detail is its source record, on the source form's detail page.
          const source = viewRowSource(first);
          if (source) routes.navigate(`/auto/${source.form}/detail${source.id}`);
          else if (first) routes.navigate(`/auto/${form}/detail${first.id}`);
          return;
        }
        case 'edit':
          after.clearSelection();
          if (first) routes.navigate(`/auto/${form}/${first.id}`);
          return;
        case 'copy':
          // Spec 01 §6: the button shows with add or list:root, but a copy needs add.
          if (!has(`auto:${form}:add`)) {
            prompts.error(ACTION_TEXTS.noCopy);
            return;
          }
          after.clearSelection();
          if (first) routes.navigate(`/auto/${form}/add?copyId=${encodeURIComponent(String(first.id))}`);
          return;
        case 'remove':
          await remove('delete', rows);
          return;
        case 'invalid':
          await remove('invalid', rows);
          return;
      }
    },
    [form, def, has, prompts, routes, remove, after],
  );

  return { run };
}
