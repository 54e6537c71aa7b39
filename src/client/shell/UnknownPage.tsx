/**
 * An address no route of the user's menus matches (issue 26 item 7): the server says whether it
 * is a page of the tenant the user may not open — then 无权限 (403) in place, the address kept —
 * or no page at all, then /404 as spec 02 §2.1 says.
 */
import { lazy } from 'react';
import { Redirect } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { getPageAccess } from '../api/auth';
import { queryKeys } from '../api/queryKeys';
import { paths } from '../paths';
import { PageLoading } from '../routing/PageLoading';
import { useCurrentPath } from '../routing/navigation';

// antd's Result carries its illustrations: only the error pages load it.
const ErrorPage = lazy(() => import('../pages/errors/ErrorPage').then((m) => ({ default: m.ErrorPage })));

/** 无权限 for a page that exists but is not the user's, else the 404 page. */
export function UnknownPage() {
  const path = useCurrentPath();
  const { data, isError } = useQuery({ queryKey: queryKeys.session.pageAccess(path), queryFn: () => getPageAccess(path), staleTime: 0, retry: false });
  if (isError || data?.data.access === 'missing' || data?.data.access === 'allowed') return <Redirect to={paths.notFound} replace />;
  if (!data) return <PageLoading />;
  return <ForbiddenPage />;
}

/** The 无权限 (403) page inside the layout. */
export function ForbiddenPage() {
  return <ErrorPage status="403" />;
}
