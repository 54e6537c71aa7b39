/** `/api/system/config/…`: system configuration (system:config:*; `configKeys` is public for the login page). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, ListQuery, Nullable, OptStr, PageEnvelope, Str, StrEnum } from './common.js';

export const CONFIG_KEY_PATTERN = '^[A-Za-z0-9_.:-]{1,100}$';

const fields = {
  configName: Str({ min: 1, max: 100 }),
  configKey: Str({ min: 1, max: 100, pattern: CONFIG_KEY_PATTERN }),
  configValue: Str({ max: 5000 }),
  configType: Type.Optional(StrEnum(['Y', 'N'])),
  remark: Type.Optional(OptStr(500)),
};

/** `POST /api/system/config`. */
export const AddConfigBody = Closed(fields);
export type AddConfigBody = Static<typeof AddConfigBody>;
/** `POST /api/system/config/edit`. */
export const EditConfigBody = Closed({ configId: Id, ...fields });

export const ConfigListQuery = ListQuery({
  configName: Type.Optional(Str({ max: 100 })),
  configKey: Type.Optional(Str({ max: 100 })),
  configType: Type.Optional(StrEnum(['Y', 'N', ''])),
});
/** `POST /api/system/config/configKeys`: several keys' values (public; private keys only for configuration administrators). */
export const ConfigKeysBody = Closed({
  keys: Type.Array(Str({ min: 1, max: 100 }), { maxItems: 200 }),
  tenantCode: Type.Optional(OptStr(64)),
  query: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
});
export const ConfigKeysQuery = Type.Object({ tenantCode: Type.Optional(Str({ max: 64 })) });
export const ConfigKeyParams = Closed({ key: Str({ min: 1, max: 100 }) });

/** A system configuration entry. */
export const Config = Type.Object({
  configId: Type.Integer(),
  configName: Type.String(),
  configKey: Type.String(),
  configValue: Type.String(),
  configType: Type.String(),
  remark: Type.String(),
  createBy: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  updateBy: Type.String(),
  updateTime: Type.String({ format: 'date-time' }),
});
export type Config = Static<typeof Config>;

export const ConfigPage = PageEnvelope(Config);
export const ConfigDetail = DataEnvelope(Config);
export const AddedConfig = DataEnvelope(Type.Object({ configId: Type.Integer() }));
/** key → value of the keys that exist. */
export const ConfigValues = DataEnvelope(Type.Record(Type.String(), Type.String()));
/** `GET /api/system/config/configKey/{key}`: the value in `msg` (legacy) and in `data` (null when absent). */
export const ConfigValue = DataEnvelope(Nullable('string'));
