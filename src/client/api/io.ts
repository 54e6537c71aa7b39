/** Typed calls of export, import and their jobs (spec 01 §7; docs/api-records.md "Export and import"). No React. */
import { get, post } from './http';
import type { DataResponse } from './types';
import type { Static } from 'typebox';
import type { ExportBody } from '../../shared/contract/records';
import type { Job } from '../../shared/contract/jobs';

const form = (name: string) => `/auto/${encodeURIComponent(name)}`;

/** A problem of an import: spreadsheet row, column label, the cell, the message. */
export type { ImportProblem } from '../../shared/contract/jobs';

/** A job as `GET /api/jobs/{id}` answers it (the contract's). */
export type JobStatus = Job;

/** Whether a job has ended (no more progress to follow). */
export const jobEnded = (job: JobStatus | undefined) => !!job && !['queued', 'running'].includes(job.status);

/** The body of `POST /api/auto/{form}/export` (the contract's `ExportBody`; the client leaves the format to its default, xlsx). */
export type ExportRequest = Omit<Static<typeof ExportBody>, 'format'>;

/** Queues an export; answers its job. */
export function startExport(formName: string, body: ExportRequest): Promise<DataResponse<JobStatus>> {
  return post(`${form(formName)}/export`, body);
}

/** `GET /api/jobs/{id}`. */
export function jobStatus(jobId: string): Promise<DataResponse<JobStatus>> {
  return get(`/jobs/${encodeURIComponent(jobId)}`, undefined, { silent: true });
}

/** `POST /api/jobs/{id}/cancel`. */
export function cancelJob(jobId: string): Promise<DataResponse<JobStatus>> {
  return post(`/jobs/${encodeURIComponent(jobId)}/cancel`);
}

/** The import template of the form, or of one of its sub-forms. */
export function importTemplate(formName: string, subForm?: string): Promise<Blob> {
  return get(`${form(formName)}/importTemplate`, subForm ? { subForm } : undefined, { responseType: 'blob' });
}

/** Uploads a table to import (or only to parse); answers the job. */
export function importData(formName: string, file: Blob, fileName: string, onlyParse: boolean, by?: { mode: 'add' | 'update' | 'upsert'; key?: string; parseJob?: string | null }): Promise<DataResponse<JobStatus>> {
  const data = new FormData();
  data.append('file', file, fileName);
  // 仅新增 / 仅更新 / 新增或更新 by a key column (issue 27 item 2); absent: add.
  // An import after a parse names it, so records changed since are refused (issue 27 item 2).
  const params = by && by.mode !== 'add' ? { onlyParse, mode: by.mode, key: by.key, ...(!onlyParse && by.parseJob ? { parseJob: by.parseJob } : {}) } : { onlyParse };
  return post(`${form(formName)}/importData`, data, { params });
}
