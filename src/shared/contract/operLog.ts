/** `GET /api/system/operlog/list`: the tenant's operation log (system:operlog:list). */
import { Type, type Static } from 'typebox';
import { ListQuery, PageEnvelope, Str } from './common.js';

/** Filters of the log list. */
export const OperLogQuery = ListQuery({
  title: Type.Optional(Str({ max: 100 })),
  operName: Type.Optional(Str({ max: 64 })),
  businessType: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  status: Type.Optional(Type.Integer({ enum: [0, 1] })),
});
export type OperLogQuery = Static<typeof OperLogQuery>;

/** One logged operation (businessType: spec 01 §9; status 0 success, 1 failure). */
export const OperLog = Type.Object({
  operId: Type.Integer(),
  title: Type.String(),
  businessType: Type.Integer(),
  requestMethod: Type.String(),
  operName: Type.String(),
  operUrl: Type.String(),
  operIp: Type.String(),
  operParam: Type.String(),
  status: Type.Integer(),
  errorMsg: Type.String(),
  operTime: Type.String({ format: 'date-time' }),
});
export type OperLog = Static<typeof OperLog>;

export const OperLogPage = PageEnvelope(OperLog);
