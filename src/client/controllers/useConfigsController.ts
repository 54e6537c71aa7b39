/** System configuration administration (spec 02 §7). */
import { addConfig, clearConfigCache, deleteConfigs, editConfig, listConfigs, type SysConfig } from '../api/configs';
import { queryKeys } from '../api/queryKeys';
import { useCrudAction, useCrudList } from './useCrudList';

/** Paged config entries and their changes. */
export function useConfigsController() {
  const list = useCrudList<SysConfig>({ all: queryKeys.configs.all, key: queryKeys.configs.list, list: listConfigs });
  const all = queryKeys.configs.all;
  return {
    ...list,
    save: useCrudAction(all, (c: SysConfig) => (c.configId ? editConfig(c) : addConfig(c))),
    remove: useCrudAction(all, (ids: number[]) => deleteConfigs(ids)),
    clearCache: useCrudAction(all, () => clearConfigCache()),
  };
}
