/** Form definition calls the shell needs (CONTRACT.md §4). */
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import type { FormSummary } from '../../shared/contract/forms';
import { get } from './http';
import type { DataResponse } from './types';

/** `GET /api/flowable/form/en/{enName}`: the definition of one form. */
export function getFormByEnName(enName: string): Promise<DataResponse<FormDefinition>> {
  return get(`/flowable/form/en/${encodeURIComponent(enName)}`);
}

/** A form in the definitions list. */
export type { FormSummary } from '../../shared/contract/forms';

/** `GET /api/flowable/form/list`: every form of the tenant (rows or data, whichever the server gives). */
export async function listForms(): Promise<FormSummary[]> {
  const res = await get<{ rows?: FormSummary[]; data?: FormSummary[] }>('/flowable/form/list', { pageNum: 1, pageSize: 1000 });
  return res.rows ?? res.data ?? [];
}
