/** Dictionary data administration (spec 02 §3, §7). */
import { addDictData, deleteDictData, editDictData, listDictData, type DictData } from '../api/dicts';
import { queryKeys } from '../api/queryKeys';
import { useCrudAction, useCrudList } from './useCrudList';

/** Paged dictionary entries, optionally fixed to one `dictType`. */
export function useDictDataController(dictType?: string) {
  const list = useCrudList<DictData>({ all: queryKeys.dicts.all, key: queryKeys.dicts.list, list: listDictData, initial: dictType ? { dictType } : {} });
  const all = queryKeys.dicts.all;
  return {
    ...list,
    save: useCrudAction(all, (d: DictData) => (d.dictCode ? editDictData(d) : addDictData(d))),
    remove: useCrudAction(all, (ids: number[]) => deleteDictData(ids)),
  };
}
