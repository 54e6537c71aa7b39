/** Menu administration calls (菜单管理, src/shared/contract/menus.ts). */
import { get, post } from './http';
import { pick } from './pick';
import type { DataResponse } from './types';
import type { Menu, MoveMenuBody } from '../../shared/contract/menus';

/** A menu, and the values of its dialog (a new one has no id). */
export type SysMenu = Partial<Menu> & Pick<Menu, 'menuName' | 'menuType' | 'parentId'> & { createButtons?: boolean };

const FIELDS = ['parentId', 'menuName', 'menuType', 'orderNum', 'component', 'path', 'formName', 'perms', 'icon', 'visible', 'status', 'isFrame', 'target', 'query', 'routeName'] as const;

/** `GET /api/system/menu/list`: every menu (flat) matching the filters. */
export function listMenus(query: Record<string, unknown>): Promise<DataResponse<Menu[]>> {
  return get('/system/menu/list', query);
}

/** `POST /api/system/menu`. */
export function addMenu(body: SysMenu): Promise<DataResponse<{ id: number; menuId: number }>> {
  return post('/system/menu', pick(body, [...FIELDS, 'createButtons']));
}

/** `POST /api/system/menu/edit`. */
export function editMenu(body: SysMenu): Promise<DataResponse<unknown>> {
  return post('/system/menu/edit', pick(body, ['menuId', ...FIELDS]));
}

/** `POST /api/system/menu/move`: a new parent and order. */
export function moveMenu(body: MoveMenuBody): Promise<DataResponse<unknown>> {
  return post('/system/menu/move', body);
}

/** `POST /api/system/menu/delete` `[ids]`. */
export function deleteMenus(ids: number[]): Promise<DataResponse<unknown>> {
  return post('/system/menu/delete', ids);
}
