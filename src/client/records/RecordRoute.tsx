/**
 * The seam for generated form screens (`/auto/{enName}` and below), dispatching on the address
 * (docs/form-pages.md): a menu-reached `/auto/{form}` is the list; `/auto/{form}` without a menu,
 * `?from=flow` and `/add` (copy: `/add?copyId=`) the add page; `/{id}` the edit page;
 * `/detail{id}` the read-only detail page. A form whose `feature.addMode` is `stockInDrawer`
 * adds through the 白条入库 drawer page.
 */
import { Empty } from 'antd';
import { lazy } from 'react';
import { parseFormRoute } from '../form/formRoute';
import { formOptions } from '../../../schema-adapters/definition/formOptions';
import { useFormDefinition } from '../controllers/useFormDefinition';
import { useQueryParams } from '../routing/navigation';
import { PageLoading } from '../routing/PageLoading';

const ListPage = lazy(() => import('../list/ListPage'));
const RecordFormPage = lazy(() => import('../form/RecordFormPage'));
const StockInPage = lazy(() => import('../form/stockIn/StockInPage'));

/** Props the shell passes: the form, the rest of the path (detail / id), the menu it came from. */
export interface RecordRouteProps {
  enName: string;
  subPath: string;
  menuId?: number;
  title?: string;
}

/** The generated-form screen for the address. */
export default function RecordRoute({ enName, subPath, menuId, title }: RecordRouteProps) {
  const query = useQueryParams();
  const route = parseFormRoute(subPath, query, menuId);
  const flow = { taskId: query.get('taskId'), processInstanceId: query.get('processInstanceId') };
  switch (route.kind) {
    case 'list':
      return <ListPage enName={enName} menuId={menuId} title={title} />;
    case 'add':
      return route.copyId ? <RecordFormPage key={`${enName}-add-${route.copyId}`} enName={enName} mode="add" copyId={route.copyId} {...flow} /> : <AddRoute enName={enName} flow={flow} />;
    case 'edit':
      return <RecordFormPage key={`${enName}-${route.id}`} enName={enName} mode="edit" id={route.id} {...flow} />;
    case 'detail':
      return <RecordFormPage key={`${enName}-d${route.id}`} enName={enName} mode="detail" id={route.id} {...flow} />;
    default:
      return <Empty description="访问资源不存在" />;
  }
}

/** The add page, or the stock-in drawer page when the definition asks for it. */
function AddRoute({ enName, flow }: { enName: string; flow: { taskId: string | null; processInstanceId: string | null } }) {
  const { definition, loading } = useFormDefinition(enName);
  if (loading) return <PageLoading />;
  if (formOptions(definition).addMode === 'stockInDrawer') return <StockInPage key={enName} enName={enName} />;
  return <RecordFormPage key={`${enName}-add-`} enName={enName} mode="add" {...flow} />;
}
