/** Follows a job's status (progress, phase, result) until it ends; cancel and download beside it. No antd. */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { downloadBlob, downloadKeyOf } from '../../api/files';
import { cancelJob, jobEnded, jobStatus, type JobStatus } from '../../api/io';
import { queryKeys } from '../../api/queryKeys';

/** Polls twice a second while the job runs. */
export function useJob(jobId: string | null) {
  const q = useQuery({
    queryKey: queryKeys.jobs.one(jobId ?? ''),
    queryFn: async () => (await jobStatus(jobId!)).data,
    enabled: !!jobId,
    refetchInterval: (query) => (jobEnded(query.state.data as JobStatus | undefined) ? false : 500),
  });
  const cancel = useCallback(async () => {
    if (jobId) await cancelJob(jobId);
  }, [jobId]);
  return { job: jobId ? q.data : undefined, cancel };
}

/** Saves a blob under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a `/api/common/download?fileName=…` URL the server handed out and saves it as `name`. */
export async function saveDownload(url: string, name: string): Promise<void> {
  const key = downloadKeyOf(url);
  if (!key) return;
  saveBlob(await downloadBlob(key), name);
}

/** The progress line under a bar: rows done of total, by phase. */
export function progressText(job: JobStatus | undefined, verb: string): string {
  if (!job || job.status === 'queued') return '排队中…';
  const phase: Record<string, string> = { query: '正在查询', check: '正在检查', parse: '正在解析', write: '正在写入', zip: '正在打包文件', export: `正在${verb}` };
  const head = phase[job.phase] ?? `正在${verb}`;
  return job.total ? `${head}：${job.done} / ${job.total} 条` : `${head}：${job.done} 条`;
}
