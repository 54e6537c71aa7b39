/** Operation log calls (`GET /api/system/operlog/list`). */
import { get } from './http';
import type { PageResponse } from './types';

/** One logged operation. */
export interface OperLog {
  operId: number;
  title: string;
  businessType: number;
  requestMethod: string;
  operName: string;
  operUrl: string;
  operIp: string;
  operParam: string;
  status: number;
  errorMsg: string;
  operTime: string;
}

/** Newest first; filters `title`, `operName`, `businessType`, `status`. */
export function listOperLogs(query: Record<string, unknown>): Promise<PageResponse<OperLog>> {
  return get('/system/operlog/list', query);
}
