/**
 * The portal's reads (issue 32 item 1): the home, a list page and one item of a tenant, through
 * TanStack Query (the browser's HTTP cache revalidates with the server's ETag underneath).
 */
import { useQuery } from '@tanstack/react-query';
import { getPortalDetail, getPortalHome, getPortalList } from '../api/portal';

/** The tenant's sections, sources and newest items. */
export function usePortalHome(tenantCode: string) {
  return useQuery({ queryKey: ['portal', tenantCode, 'home'], queryFn: () => getPortalHome(tenantCode), retry: false, staleTime: 30_000 });
}

/** One page of a source form's published items (`lx`: a 集团概况 category). */
export function usePortalList(tenantCode: string, form: string | undefined, pageNum: number, pageSize: number, lx?: string) {
  return useQuery({
    queryKey: ['portal', tenantCode, 'list', form, pageNum, pageSize, lx ?? ''],
    queryFn: () => getPortalList(form as string, tenantCode, { pageNum, pageSize, ...(lx ? { lx } : {}) }),
    enabled: !!form,
    retry: false,
    staleTime: 30_000,
  });
}

/** One published item. */
export function usePortalDetail(tenantCode: string, form: string | undefined, id: string) {
  return useQuery({
    queryKey: ['portal', tenantCode, 'detail', form, id],
    queryFn: () => getPortalDetail(form as string, id, tenantCode),
    enabled: !!form,
    retry: false,
    staleTime: 30_000,
  });
}
