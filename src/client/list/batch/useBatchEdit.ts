/**
 * The batch edit controller (批量修改, no antd): the dialog's definition (the form's
 * batch-editable fields, from the adapter, so the server accepts exactly what is offered), its
 * Formily form and schema (the form page's, so the field components are the same), and the call.
 */
import { createForm, type Form } from '@formily/core';
import { useMemo, useRef } from 'react';
import { batchEditDefinition } from '../../../../schema-adapters/records/batchEditable';
import { toSubmitPayload } from '../../../../schema-adapters/records/toSubmitPayload';
import type { FormDefinition, UserContext } from '../../../../schema-adapters/definition/types';
import { batchUpdate, countBatchTargets, startBatchUpdateJob, type BatchCount, type BatchTarget } from '../../api/batchEdit';
import type { ListQuery } from '../../api/records';
import { pageSchema } from '../../form/formSchema';
import { revalidateOnChange } from '../../form/revalidateOnChange';

/** Spec 01 §9: the confirmation before a batch edit. */
export const batchConfirmText = (n: number) => `本次操作将影响${n}行数据, 请确认！`;

/**
 * Issue 27 item 5: what a search's batch edit skips, said before confirming —
 * "5 行，其中 1 行已作废，将跳过" (and 审批中 for records in approval); '' when it skips nothing.
 */
export function skipText(c: BatchCount): string {
  const parts = [c.voided ? `${c.voided} 行已作废` : '', c.inApproval ? `${c.inApproval} 行审批中` : ''].filter(Boolean);
  return parts.length ? `${c.total} 行，其中 ${parts.join('、')}，将跳过` : '';
}

/** The success notice: how many rows changed, and how many a search skipped. */
export const batchDoneText = (updated: number, skipped = 0) => `操作成功，已修改${updated}行数据${skipped ? `，跳过${skipped}行（已作废或审批中）` : ''}`;

/** Rows a batch edit request changes at most; a larger search runs as a job (docs/api-records.md). */
export const BATCH_MAX_ROWS = 1000;

/** Whether the whole search of `total` rows (exact or an estimate) goes to the job rather than the request. */
export const searchNeedsJob = (total: number, exact: boolean) => !exact || total > BATCH_MAX_ROWS;

/** Spec 01 §5 / §8: a batch with nothing editable. */
export const NOTHING_EDITABLE = '没有可修改的信息';

/** Dialog state and actions of one form's batch edit. */
export function useBatchEdit(def: FormDefinition, ctx: UserContext) {
  const dialogDef = useMemo(() => batchEditDefinition(def), [def]);
  const schema = useMemo(() => pageSchema(dialogDef, { mode: 'edit', ctx }), [dialogDef, ctx]);
  // Empty at start: the type defaults of an add (number 0, switch false) would be written to every record.
  const formRef = useRef<Form | null>(null);
  if (!formRef.current) formRef.current = createForm({ initialValues: {}, effects: revalidateOnChange });
  const form = formRef.current;

  /** The values to write: what was filled in, plus null for the rest when `updateEmpty`. */
  const payload = (updateEmpty: boolean) => toSubmitPayload(dialogDef, form.values, ctx, { updateEmpty });

  return {
    dialogDef,
    editable: dialogDef.fields.length > 0,
    form,
    schema,
    payload,
    submit: (target: BatchTarget, updateEmpty: boolean) => batchUpdate(def.enName, target, payload(updateEmpty), updateEmpty),
    /** Queues the edit of the whole search; answers the job. */
    submitJob: (query: ListQuery, expectedCount: number, updateEmpty: boolean) => startBatchUpdateJob(def.enName, query, expectedCount, payload(updateEmpty), updateEmpty),
    /** A search's exact count with the voided and in-approval records the edit will skip. */
    searchCount: (query: ListQuery) => countBatchTargets(def.enName, query),
  };
}
