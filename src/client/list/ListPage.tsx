/** The list page of a form reached through a menu (`/auto/{form}` with a menu id): the normal scene. */
import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getFormByEnName } from '../api/forms';
import { queryKeys } from '../api/queryKeys';
import { useCurrentPath, useQueryParams } from '../routing/navigation';
import { RecordList } from './RecordList';

/** Props the record route passes. */
export interface ListPageProps {
  enName: string;
  menuId?: number;
  title?: string;
}

/** The page: the form's title above its list; the query state is cached under the full path. */
export default function ListPage({ enName, menuId, title }: ListPageProps) {
  const path = useCurrentPath();
  const params = useQueryParams();
  const def = useQuery({ queryKey: queryKeys.forms.byEnName(enName), queryFn: () => getFormByEnName(enName), staleTime: 30_000 });
  // One page state per menu page: `/auto/x` (menu found by the route table) and `/auto/x?menuId=5`
  // (the menu's own link) are the same list, so the key always names the effective menu id.
  if (menuId !== undefined) params.set('menuId', String(menuId));
  const query = params.toString();
  const routeKey = query ? `${path}?${query}` : path;
  return (
    <Card variant="borderless" styles={{ body: { padding: 12 } }}>
      <RecordList
        key={routeKey}
        enName={enName}
        menuId={menuId}
        routeKey={routeKey}
        title={title ?? def.data?.data?.cnName ?? ''}
      />
    </Card>
  );
}
