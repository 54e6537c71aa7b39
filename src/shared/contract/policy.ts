/**
 * `/api/policy/…`: 制度发布 (spec 02 §7 "Resources and policy"; issue 34 item 3). A policy has a
 * title, rich text (cleaned HTML, ADR 1050), attachments from the file store and the users and
 * departments its publication notifies in 消息中心; status '0' draft, '1' published.
 */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, DoneEnvelope, Id, ListQuery, Nullable, PageEnvelope, Str, StrEnum } from './common.js';

/** The most HTML a policy text may hold (characters), as a richText field (schema-adapters). */
export const POLICY_CONTENT_MAX = 200_000;

/** One attachment: the upload answer's url (a file of the caller's tenant) and its name. */
export const PolicyAttachment = Closed({ name: Str({ min: 1, max: 200 }), url: Str({ min: 1, max: 1000 }) });
export type PolicyAttachment = Static<typeof PolicyAttachment>;

const Ids = Type.Array(Id, { maxItems: 1000 });

/** `GET /api/policy/list`: paging, a title substring, a status. */
export const PolicyListQuery = ListQuery({ title: Type.Optional(Type.String({ maxLength: 200 })), status: Type.Optional(StrEnum(['0', '1'])) });

/** One policy as the list and the editor read it. */
export const Policy = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  attachments: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
  userIds: Type.Array(Type.Integer()),
  deptIds: Type.Array(Type.Integer()),
  status: StrEnum(['0', '1']),
  createBy: Type.Integer(),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
  publishTime: Nullable('string', { format: 'date-time' }),
  /** How many users the last publication notified. */
  notified: Type.Integer(),
});
export type Policy = Static<typeof Policy>;
export const PolicyPage = PageEnvelope(Policy);
export const PolicyAnswer = DataEnvelope(Policy);

/** `POST /api/policy/information/edit`: creates (no id) or updates a policy; a published one stays published. */
export const PolicyEditBody = Closed({
  id: Type.Optional(Id),
  title: Str({ min: 1, max: 200 }),
  content: Type.Optional(Type.String({ maxLength: POLICY_CONTENT_MAX })),
  attachments: Type.Optional(Type.Array(PolicyAttachment, { maxItems: 50 })),
  userIds: Type.Optional(Ids),
  deptIds: Type.Optional(Ids),
});
export type PolicyEditBody = Static<typeof PolicyEditBody>;
export const PolicySaved = DataEnvelope(Type.Object({ id: Type.Integer() }));

/** `POST /api/policy/publish`: publishes and notifies; recipients given here replace the saved ones. */
export const PolicyPublishBody = Closed({ id: Id, userIds: Type.Optional(Ids), deptIds: Type.Optional(Ids) });
export const PolicyPublished = DataEnvelope(Type.Object({ id: Type.Integer(), notified: Type.Integer() }));

/** `GET /api/policy/information/remove?id=` and `GET /api/policy/information/get?id=`. */
export const PolicyIdQuery = Type.Object({ id: Id });
export const PolicyRemoved = DoneEnvelope;

/** Tenant settings of policy publishing. */
export const PolicySettings = Type.Object({
  /** The 消息中心 title of a publication; `{title}` is the policy's title. */
  titleTemplate: Type.String(),
  /** `sys_notice_type` of the messages: '1' 通知, '2' 公告. */
  msgType: StrEnum(['1', '2']),
});
export type PolicySettings = Static<typeof PolicySettings>;

/** `POST /api/policy/setting`: changes the given settings, answers all of them. */
export const PolicySettingBody = Closed({
  titleTemplate: Type.Optional(Str({ min: 1, max: 100 })),
  msgType: Type.Optional(StrEnum(['1', '2'])),
});
export const PolicySettingsAnswer = DataEnvelope(PolicySettings);

