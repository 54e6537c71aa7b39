/** 外部接口日志 calls (`GET /api/system/outapilog/list`, `GET /api/system/outapilog/{id}`). */
import { get } from './http';
import type { DataResponse, PageResponse } from './types';
import type { OutApiLogDetail, OutApiLogRow } from '../../shared/contract/outApiLog';

export type { OutApiLogDetail, OutApiLogRow } from '../../shared/contract/outApiLog';

/** Newest first; filters `provider`, `outcome`, `status`, `url`, `beginTime`, `endTime`. */
export function listOutApiLogs(query: Record<string, unknown>): Promise<PageResponse<OutApiLogRow>> {
  return get('/system/outapilog/list', query);
}

/** One call with its redacted bodies. */
export async function getOutApiLog(id: number): Promise<OutApiLogDetail> {
  return (await get<DataResponse<OutApiLogDetail>>(`/system/outapilog/${id}`)).data;
}
