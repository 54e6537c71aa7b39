/** `POST /api/auto/{form}/batchUpdate` and `…/batchUpdate/job`: batch edit (批量修改) of records (docs/api-records.md). */
import { post } from './http';
import type { DataResponse } from './types';
import type { ListQuery } from '../../shared/records';
import type { Job } from '../../shared/contract/jobs';

/** What a batch edit targets: the selected ids, or every record of a list query (`expectedCount`: the n the user confirmed). */
export type BatchTarget = { ids: (number | string)[] } | { query: ListQuery; expectedCount?: number };

/** Writes `data` to the target in one transaction; a refusal rejects with the server's `errors` (`{id}` or `{id}.{field}`). */
export async function batchUpdate(form: string, target: BatchTarget, data: Record<string, unknown>, updateEmpty: boolean): Promise<{ updated: number; ids: number[]; skipped?: number }> {
  // silent: the dialog shows the refused records itself.
  return (await post<DataResponse<{ updated: number; ids: number[]; skipped?: number }>>(`/auto/${encodeURIComponent(form)}/batchUpdate`, { formName: form, ...target, data, updateEmpty }, { silent: true })).data;
}

/** Queues the edit of every record of a search (any number) as a job; answers the job to follow at /api/jobs/{id}. */
export async function startBatchUpdateJob(form: string, query: ListQuery, expectedCount: number, data: Record<string, unknown>, updateEmpty: boolean): Promise<Job> {
  return (await post<DataResponse<Job>>(`/auto/${encodeURIComponent(form)}/batchUpdate/job`, { formName: form, query, expectedCount, data, updateEmpty })).data;
}

/** What a search's batch edit meets: every match, and the voided and in-approval ones it skips. */
export interface BatchCount { total: number; voided: number; inApproval: number }

/** `POST /api/auto/{form}/batchUpdate/count`: the confirmation's exact count of a search (issue 27 item 5). */
export async function countBatchTargets(form: string, query: ListQuery): Promise<BatchCount> {
  return (await post<DataResponse<BatchCount>>(`/auto/${encodeURIComponent(form)}/batchUpdate/count`, { formName: form, query })).data;
}
