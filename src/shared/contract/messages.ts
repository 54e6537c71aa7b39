/** `/api/msg/…`: the signed-in user's in-app messages (spec 02 §7 "Messages and home"). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, Nullable, OptStr, PageEnvelope } from './common.js';

/** `POST /api/msg/detail/page/get`. `isRead`: true read only, false unread only, absent/null all. */
export const MessagePageBody = Closed({
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  isRead: Type.Optional(Nullable('boolean')),
  keyword: Type.Optional(OptStr(100)),
  msgType: Type.Optional(OptStr(16)),
});
export type MessagePageBody = Static<typeof MessagePageBody>;

/** `POST /api/msg/detail/batch/update`: `{ids, isRead}` or `{all:true, isRead}`. */
export const MessageUpdateBody = Closed({
  ids: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  all: Type.Optional(Type.Boolean()),
  isRead: Type.Optional(Type.Boolean()),
});

/** One message of the signed-in user. */
export const Message = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  /** `sys_notice_type`: '1' 通知, '2' 公告. */
  msgType: Type.String(),
  isRead: Type.Boolean(),
  /** An address inside the app (or http(s) outside) the message points at; '' for none. */
  link: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  readTime: Nullable('string', { format: 'date-time' }),
});
export type Message = Static<typeof Message>;

export const MessagePage = PageEnvelope(Message);
export const MessagesUpdated = DataEnvelope(Type.Object({ updated: Type.Integer(), unread: Type.Integer() }));
export const UnreadCount = DataEnvelope(Type.Integer());
