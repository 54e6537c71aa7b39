/** `/api/rollingAnnounce/…`: the tenant's rolling announcements (reading for everyone; writes need system:announce:*). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, Nullable, PageEnvelope, PageProps, Status01 } from './common.js';

// The server checks content length and dates itself (spec messages such as 开始日期格式不正确).
const props = {
  content: Type.Optional(Nullable('string', { maxLength: 10_000 })),
  startDate: Type.Optional(Nullable('string', { maxLength: 20 })),
  endDate: Type.Optional(Nullable('string', { maxLength: 20 })),
  status: Type.Optional(Type.Union([Status01, Type.Null()])),
  sort: Type.Optional(Nullable('integer', { minimum: 0, maximum: 9999 })),
};
export const AddAnnouncementBody = Closed(props);
export type AnnouncementBody = Static<typeof AddAnnouncementBody>;
export const EditAnnouncementBody = Closed({ id: Id, ...props });
export const ActiveAnnouncementsQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }) });
export const AnnouncementPageQuery = Type.Object({ pageNum: PageProps.pageNum, pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }) });

/** A rolling announcement; dates `YYYY-MM-DD` or null (no bound); status '0' shown, '1' stopped. */
export const Announcement = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  startDate: Nullable('string'),
  endDate: Nullable('string'),
  status: Type.String(),
  sort: Type.Integer(),
  createBy: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
});
export type Announcement = Static<typeof Announcement>;

export const AnnouncementList = DataEnvelope(Type.Array(Announcement));
export const AnnouncementPage = PageEnvelope(Announcement);
export const AnnouncementSaved = DataEnvelope(Announcement);
