/**
 * The gate of the generated form pages (issue 26 item 7): a form the tenant lacks is the 404 page;
 * a form the user holds no right to for the page asked (list, add, edit, detail) is 无权限 (403) in
 * place, the address kept — not an empty list or a form that cannot load. The rights are those
 * the page's own calls need on the server (docs/api-records.md), which answers 403 as well.
 */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { HttpError } from '../api/http';
import { useFormDefinition } from '../controllers/useFormDefinition';
import { parseFormRoute } from '../form/formRoute';
import { useQueryParams } from '../routing/navigation';
import { PageLoading } from '../routing/PageLoading';
import { paths } from '../paths';
import { hasPermission, sessionStore, type SessionState } from '../session/sessionStore';
import { formPermission } from '../../shared/formPermissions';
import { ForbiddenPage } from './UnknownPage';

/** Whether the session may open the page `kind` of form `enName` (`hasFlow`: the form has a flow). */
export function mayOpenRecordPage(s: SessionState, enName: string, kind: ReturnType<typeof parseFormRoute>['kind'], hasFlow: boolean): boolean {
  const p = (action: Parameters<typeof formPermission>[1]) => formPermission(enName, action);
  switch (kind) {
    case 'list':
      return hasPermission(s, p('query'), p('list:root'));
    case 'add':
      // Spec 01 §1: list:root holders add through a flow form's `?from=flow` page (issue 18).
      return hasPermission(s, p('add')) || (hasFlow && hasPermission(s, p('list:root')));
    case 'edit':
    case 'detail':
      return hasPermission(s, p('query'), p('list:root'), p('edit'));
    default:
      return true;
  }
}

/** `children` when the user may open this form page; else 无权限, or the 404 page for an unknown form. */
export function RecordAccess({ enName, subPath, menuId, children }: { enName: string; subPath: string; menuId?: number; children: ReactNode }) {
  const query = useQueryParams();
  const { definition, loading, error } = useFormDefinition(enName);
  const kind = parseFormRoute(subPath, query, menuId).kind;
  const allowed = sessionStore.use((s) => mayOpenRecordPage(s, enName, kind, !!definition?.hasFlow));
  if (error instanceof HttpError && error.code === 404) return <Redirect to={paths.notFound} replace />;
  if (loading) return <PageLoading />;
  if (definition && !allowed) return <ForbiddenPage />;
  return <>{children}</>;
}
