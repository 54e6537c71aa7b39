/**
 * The seam for generated form screens (`/auto/{enName}` and below), dispatching on the address
 * (docs/form-pages.md): a menu-reached `/auto/{form}` is the list; `/auto/{form}` without a menu,
 * `?from=flow` and `/add` (copy: `/add?copyId=`) the add page; `/{id}` the edit page;
 * `/detail{id}` the read-only detail page. The stock-in forms add through their drawer.
 */
import { Empty } from 'antd';
import { lazy } from 'react';
import { parseFormRoute } from '../form/formRoute';
import { isStockInForm } from '../form/stockIn/stockIn';
import { useQueryParams } from '../routing/navigation';

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
      if (isStockInForm(enName) && !route.copyId) return <StockInPage key={enName} enName={enName} />;
      return <RecordFormPage key={`${enName}-add-${route.copyId ?? ''}`} enName={enName} mode="add" copyId={route.copyId} {...flow} />;
    case 'edit':
      return <RecordFormPage key={`${enName}-${route.id}`} enName={enName} mode="edit" id={route.id} {...flow} />;
    case 'detail':
      return <RecordFormPage key={`${enName}-d${route.id}`} enName={enName} mode="detail" id={route.id} {...flow} />;
    default:
      return <Empty description="访问资源不存在" />;
  }
}
