/** Home-page module lists (spec 02 §2.4, §7 /system/home/modules/default and /system/home/my/modules). */
import { get, post } from './http';
import type { DataResponse } from './types';

/** One home-page module and whether it is shown. */
export interface HomeModule {
  id: string;
  name: string;
  selected: boolean;
}

/** The user's modules (the tenant default until the user saves their own). */
export function getMyModules(): Promise<DataResponse<HomeModule[]>> {
  return get('/system/home/my/modules');
}

/** Saves the user's modules, in order. */
export function saveMyModules(modules: HomeModule[]): Promise<unknown> {
  return post('/system/home/my/modules', modules.map(({ id, selected }) => ({ id, selected })));
}

/** The tenant's default modules. */
export function getDefaultModules(): Promise<DataResponse<HomeModule[]>> {
  return get('/system/home/modules/default');
}

/** Saves the tenant's default modules (needs `system:home:edit`). */
export function saveDefaultModules(modules: HomeModule[]): Promise<unknown> {
  return post('/system/home/modules/default', modules.map(({ id, selected }) => ({ id, selected })));
}
