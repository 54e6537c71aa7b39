/**
 * `GET /api/system/outapilog/list` and `GET /api/system/outapilog/{id}`: the tenant's log of calls
 * to outside providers (外部接口日志, system:outapilog:list). Bodies are redacted when written.
 */
import { Type, type Static } from 'typebox';
import { Id, ListQuery, PageEnvelope, DataEnvelope, Str, StrEnum } from './common.js';

export const OUT_API_PROVIDERS = ['ocr', 'company', 'verify', 'tax', 'sms', 'wxapp'] as const;
export const OUT_API_OUTCOMES = ['ok', 'error', 'timeout', 'failed'] as const;

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (server time); a date-only end covers its whole day. */
const TimeText = Str({ max: 19, pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$' });

/** Filters of the log list. */
export const OutApiLogQuery = ListQuery({
  provider: Type.Optional(StrEnum(OUT_API_PROVIDERS)),
  outcome: Type.Optional(StrEnum(OUT_API_OUTCOMES)),
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  url: Type.Optional(Str({ max: 200 })),
  beginTime: Type.Optional(TimeText),
  endTime: Type.Optional(TimeText),
});
export type OutApiLogQuery = Static<typeof OutApiLogQuery>;

/** One logged call as the list shows it (no bodies). */
export const OutApiLogRow = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  method: Type.String(),
  url: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  outcome: Type.String(),
  durationMs: Type.Integer(),
  errorMsg: Type.String(),
  callTime: Type.String({ format: 'date-time' }),
});
export type OutApiLogRow = Static<typeof OutApiLogRow>;

/** One logged call with its redacted request and response bodies. */
export const OutApiLogDetail = Type.Object({
  ...OutApiLogRow.properties,
  requestBody: Type.String(),
  responseBody: Type.String(),
});
export type OutApiLogDetail = Static<typeof OutApiLogDetail>;

export const OutApiLogPage = PageEnvelope(OutApiLogRow);
export const OutApiLogAnswer = DataEnvelope(OutApiLogDetail);
export const OutApiLogParams = Type.Object({ id: Id }, { additionalProperties: false });
