/** Operation log calls (`GET /api/system/operlog/list`). */
import { get } from './http';
import type { PageResponse } from './types';
import type { OperLog } from '../../shared/contract/operLog';

export type { OperLog } from '../../shared/contract/operLog';

/** Newest first; filters `title`, `operName`, `businessType`, `status`. */
export function listOperLogs(query: Record<string, unknown>): Promise<PageResponse<OperLog>> {
  return get('/system/operlog/list', query);
}
