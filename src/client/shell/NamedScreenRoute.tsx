/**
 * A named screen of spec 02 §2.3 (session/namedScreens.ts): the demo form's list or form page at
 * its spec address, behind the same gate as /auto/{form} pages. A list needs the form's menu (its
 * menu id carries the list's context); without it the user has no right to the list.
 */
import { lazy } from 'react';
import { useRouteTable } from '../controllers/useRouteTable';
import { namedScreenAt } from '../session/namedScreens';
import { RecordAccess } from './RecordAccess';
import { ForbiddenPage, UnknownPage } from './UnknownPage';

const RecordRoute = lazy(() => import('../records/RecordRoute'));

export function NamedScreenRoute({ path }: { path: string }) {
  const { routeAt } = useRouteTable();
  const screen = namedScreenAt(path);
  if (!screen) return <UnknownPage />;
  const menuId = routeAt(`/auto/${screen.enName}`, '')?.menuId;
  if (screen.kind === 'list' && menuId === undefined) return <ForbiddenPage />;
  return (
    <RecordAccess enName={screen.enName} subPath={screen.subPath} menuId={screen.kind === 'list' ? menuId : undefined}>
      <RecordRoute enName={screen.enName} subPath={screen.subPath} menuId={screen.kind === 'list' ? menuId : undefined} title={screen.title} />
    </RecordAccess>
  );
}
