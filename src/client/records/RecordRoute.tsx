/**
 * The seam for generated form screens (`/auto/{enName}` and below). The list and form modules
 * replace this screen; until then it shows the form's Chinese name and says the list is loading.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Typography } from 'antd';
import { getFormByEnName } from '../api/forms';
import { queryKeys } from '../api/queryKeys';
import { PageLoading } from '../shell/PageLoading';
import { useQueryParams } from '../shell/navigation';
import { lazy, Suspense } from 'react';

// The generated list (spec 01 §2.1): `/auto/{form}` reached through a menu entry.
const ListPage = lazy(() => import('../list/ListPage'));

/** Props the shell passes: the form, the rest of the path (detail / id), the menu it came from. */
export interface RecordRouteProps {
  enName: string;
  subPath: string;
  menuId?: number;
  title?: string;
}

/** The generated-form screen placeholder. */
export default function RecordRoute({ enName, subPath, menuId, title }: RecordRouteProps) {
  const form = useQuery({ queryKey: queryKeys.forms.byEnName(enName), queryFn: () => getFormByEnName(enName) });
  const from = useQueryParams().get('from');
  if (menuId !== undefined && !subPath && from !== 'flow') {
    return <Suspense fallback={<PageLoading />}><ListPage enName={enName} menuId={menuId} title={title} /></Suspense>;
  }
  if (form.isLoading) return <PageLoading />;
  const cnName = form.data?.data?.cnName ?? title ?? enName;
  return (
    <Card variant="borderless">
      <Typography.Title level={4}>{cnName}</Typography.Title>
      <Empty description="列表模块正在加载" />
    </Card>
  );
}
