/** Small system calls: health (public), the address tree, the signed-in user's own settings. */
import { Type } from 'typebox';
import { Closed, DataEnvelope, IdParams, OpenObject, Str } from './common.js';

/** `GET /api/health/live`: the process answers. */
export const LivenessAnswer = DataEnvelope(Type.Object({ status: Type.String() }));
/** `GET /api/health`: 200 ready, 503 (same shape) when the database or a migration is missing. */
export const ReadinessAnswer = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Object({
    status: Type.String(),
    database: Type.String(),
    migrations: Type.Object({ current: Type.Boolean(), pending: Type.Array(Type.Integer()) }),
  }),
});

/** `GET /api/system/address/{id}/children` (1 is the root): province → city → district. */
export const AddressPath = IdParams;
export const AddressChildren = DataEnvelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), level: Type.Integer(), leaf: Type.Boolean() })));

/** `{key}` of a user setting. */
export const UserConfigPath = Closed({ key: Str({ min: 1, max: 64, pattern: '^[A-Za-z0-9_.:-]+$' }) });
/** `GET /api/user/config/get`: every setting of the caller, by key (each value is the JSON the client stored). */
export const UserConfigsAnswer = DataEnvelope(OpenObject);
