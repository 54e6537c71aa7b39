/** Menu administration (菜单管理): the menu tree, its changes, and the forms an Auto menu may show. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getRouters } from '../api/auth';
import { listForms } from '../api/forms';
import { addMenu, deleteMenus, editMenu, listMenus, moveMenu, type SysMenu } from '../api/menus';
import { queryKeys } from '../api/queryKeys';
import { listToTree } from '../session/listToTree';
import { sessionStore } from '../session/sessionStore';
import { useCrudAction } from './useCrudList';
import type { MoveMenuBody } from '../../shared/contract/menus';

/** A menu with its children, as the tree table shows it. */
export type MenuTreeRow = SysMenu & { children?: MenuTreeRow[] };

/** The menus as a tree, filters, and add / edit / move / delete; every change reloads this user's sidebar. */
export function useMenusController() {
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const q = useQuery({ queryKey: queryKeys.menus.list(filters), queryFn: () => listMenus(filters) });
  const forms = useQuery({ queryKey: queryKeys.menus.forms(), queryFn: listForms });
  const client = useQueryClient();
  const rows = q.data?.data ?? [];
  const all = queryKeys.menus.all;
  // The server reads menus afresh on each getRouters: reloading it shows the change in this sidebar now.
  const after = <A extends unknown[], R>(action: (...args: A) => Promise<R>) => async (...args: A) => {
    const result = await action(...args);
    const routers = await client.fetchQuery({ queryKey: queryKeys.session.routers(), queryFn: getRouters, staleTime: 0 });
    sessionStore.set({ menus: routers.data ?? [] });
    return result;
  };
  return {
    rows,
    tree: listToTree(rows, 'menuId', 'parentId') as MenuTreeRow[],
    forms: forms.data ?? [],
    loading: q.isFetching,
    search: setFilters,
    save: useCrudAction(all, after((m: SysMenu) => (m.menuId ? editMenu(m) : addMenu(m)))),
    move: useCrudAction(all, after((b: MoveMenuBody) => moveMenu(b))),
    remove: useCrudAction(all, after((id: number) => deleteMenus([id]))),
  };
}
