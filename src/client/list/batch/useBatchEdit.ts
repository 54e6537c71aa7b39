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
import { batchUpdate, startBatchUpdateJob, type BatchTarget } from '../../api/batchEdit';
import { listRecords, type ListQuery } from '../../api/records';
import { pageSchema } from '../../form/formSchema';
import { revalidateOnChange } from '../../form/revalidateOnChange';

/** Spec 01 §9: the confirmation before a batch edit. */
export const batchConfirmText = (n: number) => `本次操作将影响${n}行数据, 请确认！`;

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
    /** The exact number of records `query` matches (the list's total is an estimate above 10,000). */
    exactCount: async (query: ListQuery) => (await listRecords(def.enName, { ...query, pageNum: 1, pageSize: 1, exactTotal: true })).total,
  };
}
