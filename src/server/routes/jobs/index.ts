/** `/api/jobs/{id}` and `/api/jobs/{id}/cancel`: the caller's own background jobs (tenant and user). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { JobAnswer, JobParams } from '../../../shared/contract/jobs.js';
import { downloadUrl } from '../../files/fileKeys.js';
import { notFound } from '../../http/HttpError.js';
import { ok } from '../../http/reply.js';
import type { JobRow } from '../../jobs/types.js';

/** The status answer: progress, phase, and for a finished job its result and download link. */
export function jobDto(job: JobRow) {
  const r = job.result ?? null;
  return {
    jobId: job.id,
    kind: job.kind,
    title: job.title,
    status: job.status,
    phase: job.phase,
    done: job.done,
    total: job.total,
    percent: job.status === 'done' ? 100 : job.total ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0,
    result: r,
    downloadUrl: job.status === 'done' && typeof r?.fileKey === 'string' ? downloadUrl(r.fileKey) : null,
    error: job.error,
    createTime: job.createTime,
    finishTime: job.finishTime,
    expiresAt: job.expiresAt,
  };
}

/** Registers the job status and cancel calls. */
export const jobRoutes: ContractPlugin = async (app) => {
  app.get('/jobs/:id', { schema: { params: JobParams, response: { 200: JobAnswer } } }, async (request) => {
    const job = await app.jobs.get(request.user.tenantId, request.user.userId, request.params.id);
    if (!job) throw notFound('任务不存在');
    return ok(jobDto(job));
  });

  app.post('/jobs/:id/cancel', { schema: { params: JobParams, response: { 200: JobAnswer } } }, async (request) => {
    const job = await app.jobs.cancel(request.user.tenantId, request.user.userId, request.params.id);
    if (!job) throw notFound('任务不存在');
    return ok(jobDto(job), '已取消');
  });
};
