/**
 * Per-user state: saved filters of a form (`/api/queries/{userId}/{form}`), table settings
 * (`/api/system/config/userColumns…`) and the 常用功能 home module (`/api/myCommonInfo…`). Saved
 * filters and table settings are checked by the server's services (their messages are spec text),
 * so the bodies have no route schema; the table settings' answers are exact (`TableSettingsSchema`).
 */
import { Type } from 'typebox';
import { AnyJson, Closed, DataEnvelope, Id, Nullable, PageEnvelope } from './common.js';

export const QueriesPath = Type.Object({ userId: Type.String(), form: Type.String() });
export const UserColumnsPath = Type.Object({ form: Type.String() });
/** Saved filters, as stored. */
export const UserStateAnswer = DataEnvelope(AnyJson);

/**
 * A user's table settings of a form (spec 01 §3.5), as checkTableSettings stores them: page size
 * (null: the default), fixed columns, whether the status column shows, and the column widths in
 * order. Optional because the client sends only what it changes; the server's answer has all four.
 */
export const TableSettingsSchema = Type.Object({
  pageSize: Type.Optional(Nullable('integer')),
  fixColumns: Type.Optional(Type.Integer()),
  showStatus: Type.Optional(Type.Boolean()),
  columns: Type.Optional(Type.Array(Type.Object({ enName: Type.String(), width: Type.Integer() }))),
});
/** `GET /api/system/config/userColumns/{form}`: the stored settings, or null. */
export const TableSettingsAnswer = DataEnvelope(Type.Union([TableSettingsSchema, Type.Null()]));
/** `POST /api/system/config/userColumns/update`: the settings as checked and stored. */
export const TableSettingsSaved = DataEnvelope(TableSettingsSchema);

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
