/**
 * Adding a new form's list menu from the designer (issue 19 item 3), no antd: the caller's menu
 * tree (to choose a directory) and the add, after which this user's router list is read again so
 * the menu shows in the sidebar at once. pages/designer/MenuDialog.tsx shows it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getRouters } from '../api/auth';
import { addMenu, formMenuBody } from '../api/formDesign';
import { queryKeys } from '../api/queryKeys';
import type { MenuEntry } from '../api/types';
import { sessionStore } from '../session/sessionStore';

export { formMenuBody };

/** The menu tree while `active`, and `add`, which throws when the server refuses. */
export function useFormMenu(active: boolean) {
  const client = useQueryClient();
  const [menus, setMenus] = useState<MenuEntry[]>([]);
  useEffect(() => {
    if (!active) return;
    getRouters().then((r) => setMenus(r.data ?? [])).catch(() => setMenus([]));
  }, [active]);
  const add = async (enName: string, menuName: string, parentId: number, orderNum: number): Promise<void> => {
    await addMenu(formMenuBody(enName, menuName, parentId, orderNum));
    // The server reads menus afresh on each getRouters: reloading it puts the menu in this user's sidebar now.
    const routers = await client.fetchQuery({ queryKey: queryKeys.session.routers(), queryFn: getRouters, staleTime: 0 });
    sessionStore.set({ menus: routers.data ?? [] });
  };
  return { menus, add };
}
