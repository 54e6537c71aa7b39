/** The list page of a form reached through a menu (`/auto/{form}` with a menu id): the normal scene. */
import { theme } from 'antd';
import { useMemo } from 'react';
import { useFormDefinition } from '../controllers/useFormDefinition';
import { useCurrentPath, useQueryParams } from '../routing/navigation';
import { PageLoading } from '../routing/PageLoading';
import { RecordList } from './RecordList';
import styles from './list.module.css';

/** `?initFilter=` of the address (a dashboard group's list, JSON object), else undefined. */
function initFilterOf(params: URLSearchParams): Record<string, unknown> | undefined {
  const raw = params.get('initFilter');
  if (!raw) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

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
  const { definition, loading } = useFormDefinition(enName);
  // One page state per menu page: `/auto/x` (menu found by the route table) and `/auto/x?menuId=5`
  // (the menu's own link) are the same list, so the key always names the effective menu id.
  if (menuId !== undefined) params.set('menuId', String(menuId));
  const query = params.toString();
  const routeKey = query ? `${path}?${query}` : path;
  const { token } = theme.useToken();
  // Fixed conditions from the address (a dashboard's click-through), parsed once per address.
  const initFilter = useMemo(() => initFilterOf(new URLSearchParams(query)), [query]);
  // antd's borderless card surface (background, radius, shadow), drawn here: antd `Card` imports
  // antd `Tabs` for its tab list, which nothing else on a list needs (≈ 14 KB gzip, ADR 0406).
  const surface = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary, color: token.colorText, padding: 12 };
  return (
    <div className={styles.page} style={surface}>
      {loading ? (
        <PageLoading />
      ) : definition ? (
        <RecordList key={routeKey} def={definition} menuId={menuId} routeKey={routeKey} initFilter={initFilter} title={title ?? definition.cnName ?? ''} />
      ) : (
        <div className={styles.empty}>暂无数据</div>
      )}
    </div>
  );
}
