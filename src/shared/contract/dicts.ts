/** `/api/system/dict/data/…`: dictionary entries (reads for every signed-in user; writes need system:dict:*). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, ListQuery, OptStr, PageEnvelope, Status01, Str, StrEnum } from './common.js';

export const DICT_TYPE_PATTERN = '^[a-z][a-z0-9_]{0,99}$';

const fields = {
  dictType: Str({ min: 1, max: 100, pattern: DICT_TYPE_PATTERN }),
  dictLabel: Str({ min: 1, max: 100 }),
  dictValue: Str({ min: 1, max: 100 }),
  dictSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  cssClass: Type.Optional(OptStr(100)),
  listClass: Type.Optional(OptStr(100)),
  isDefault: Type.Optional(StrEnum(['Y', 'N'])),
  status: Type.Optional(Status01),
  remark: Type.Optional(OptStr(500)),
};

/** `POST /api/system/dict/data`. */
export const AddDictDataBody = Closed(fields);
export type AddDictDataBody = Static<typeof AddDictDataBody>;
/** `POST /api/system/dict/data/edit`. */
export const EditDictDataBody = Closed({ dictCode: Id, ...fields });

export const DictDataListQuery = ListQuery({
  dictType: Type.Optional(Str({ max: 100 })),
  dictLabel: Type.Optional(Str({ max: 100 })),
  status: Type.Optional(StrEnum(['0', '1', ''])),
});
export const DictTypeParams = Closed({ dictType: Str({ min: 1, max: 100 }) });

/** A dictionary data item (spec 02 §3). */
export const DictData = Type.Object({
  dictCode: Type.Integer(),
  dictSort: Type.Integer(),
  dictLabel: Type.String(),
  dictValue: Type.String(),
  dictType: Type.String(),
  cssClass: Type.String(),
  listClass: Type.String(),
  isDefault: Type.String(),
  status: Type.String(),
  remark: Type.String(),
  createBy: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
});
export type DictData = Static<typeof DictData>;

export const DictDataPage = PageEnvelope(DictData);
export const DictDataList = DataEnvelope(Type.Array(DictData));
export const DictDataDetail = DataEnvelope(DictData);
export const AddedDictData = DataEnvelope(Type.Object({ dictCode: Type.Integer() }));
