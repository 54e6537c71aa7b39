/**
 * Per-user state: saved filters of a form (`/api/queries/{userId}/{form}`), table settings
 * (`/api/system/config/userColumns…`) and the 常用功能 home module (`/api/myCommonInfo…`). Saved
 * filters and table settings are the client's stored JSON, checked by the server's services
 * (their messages are spec text), so they are passed through as they are.
 */
import { Type } from 'typebox';
import { AnyJson, Closed, DataEnvelope, Id, Nullable, PageEnvelope } from './common.js';

export const QueriesPath = Type.Object({ userId: Type.String(), form: Type.String() });
export const UserColumnsPath = Type.Object({ form: Type.String() });
/** Saved filters, or table settings (columns, widths, order, page size) as stored. */
export const UserStateAnswer = DataEnvelope(AnyJson);

/** `POST /api/myCommonInfo/page/get`: bizType 2 (menu pages) is the one kind built. */
export const CommonInfoPageBody = Closed({
  bizType: Type.Integer({ minimum: 0, maximum: 1000 }),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
});
/** A menu the caller opens often. */
export const CommonInfoPage = PageEnvelope(
  Type.Object({
    bizType: Type.Integer(),
    menuId: Type.Integer(),
    title: Type.String(),
    path: Type.String(),
    count: Type.Integer(),
    lastVisitTime: Nullable('string', { format: 'date-time' }),
  }),
);
/** `POST /api/myCommonInfo/visit`. */
export const CommonInfoVisitBody = Closed({ menuId: Id });
