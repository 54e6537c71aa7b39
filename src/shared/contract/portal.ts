/**
 * The portal (issue 32 item 1; spec 02 §2.2 `/portal…`): public reads of a tenant's published
 * records, and the administrator's setting of a portal source (docs/api.md "Portal",
 * docs/security.md "Portal").
 */
import { Type } from 'typebox';
import { Closed, DataEnvelope, Id, Nullable, Str, StrEnum } from './common.js';

export const PORTAL_SECTION_KEYS = ['profile', 'news', 'zbcg', 'events', 'honor', 'message'] as const;
export const PortalSectionKey = StrEnum(PORTAL_SECTION_KEYS);

/** `?tenantCode=` (default DEFAULT) of every public portal call. */
export const PortalQuery = Type.Object({ tenantCode: Type.Optional(Str({ max: 64 })) }, { additionalProperties: false });

/** A list's query: tenant, paging (at most 50 a page) and the `{lx}` category of 集团概况. */
export const PortalListQuery = Type.Object(
  {
    tenantCode: Type.Optional(Str({ max: 64 })),
    pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
    lx: Type.Optional(Str({ max: 64 })),
  },
  { additionalProperties: false },
);

export const PortalFormParams = Type.Object({ form: Str({ min: 1, max: 64 }) }, { additionalProperties: false });
export const PortalItemParams = Type.Object({ form: Str({ min: 1, max: 64 }), id: Id }, { additionalProperties: false });
/** An image of a published rich-text field: the record, the field, and the image's digest (never its file key). */
export const PortalImageParams = Type.Object(
  { form: Str({ min: 1, max: 64 }), id: Id, field: Str({ min: 1, max: 64 }), ref: Str({ min: 1, max: 64 }) },
  { additionalProperties: false },
);

/** One item of a list: title, date, and a plain-text summary of its first long text. */
export const PortalItem = Type.Object({
  id: Type.Integer(),
  formName: Type.String(),
  title: Type.String(),
  date: Type.Union([Type.String(), Type.Null()]),
  summary: Type.String(),
});

const Category = Type.Object({ value: Type.String(), label: Type.String() });

/** `GET /api/portal/home`: the sections that have sources, each source with its newest items. */
export const PortalHomeAnswer = DataEnvelope(
  Type.Object({
    tenantCode: Type.String(),
    tenantName: Type.String(),
    sections: Type.Array(
      Type.Object({
        key: PortalSectionKey,
        title: Type.String(),
        sources: Type.Array(Type.Object({ formName: Type.String(), cnName: Type.String(), total: Type.Integer(), items: Type.Array(PortalItem), categories: Type.Array(Category) })),
      }),
    ),
  }),
);

/** `GET /api/portal/records/{form}`: a page of published items. */
export const PortalListAnswer = DataEnvelope(
  Type.Object({
    tenantName: Type.String(),
    formName: Type.String(),
    cnName: Type.String(),
    section: PortalSectionKey,
    categories: Type.Array(Category),
    rows: Type.Array(PortalItem),
    total: Type.Integer(),
  }),
);

/** `GET /api/portal/records/{form}/{id}`: one item with its published fields (rich text as cleaned HTML). */
export const PortalDetailAnswer = DataEnvelope(
  Type.Object({
    id: Type.Integer(),
    formName: Type.String(),
    title: Type.String(),
    date: Type.Union([Type.String(), Type.Null()]),
    summary: Type.String(),
    tenantName: Type.String(),
    cnName: Type.String(),
    section: PortalSectionKey,
    fields: Type.Array(
      Type.Object({ enName: Type.String(), label: Type.String(), funcType: Type.String(), value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]) }),
    ),
  }),
);

/** `POST /api/flowable/form/portal/{form}`: the administrator's setting of a portal source. */
export const PortalSetting = Closed({
  enabled: Type.Boolean(),
  section: PortalSectionKey,
  titleField: Str({ min: 1, max: 64 }),
  dateField: Nullable('string', { maxLength: 64 }),
  categoryField: Nullable('string', { maxLength: 64 }),
  fields: Type.Array(Str({ min: 1, max: 64 }), { maxItems: 100 }),
  publishStatus: Type.Union([Type.Literal(1), Type.Literal(0), Type.Null()]),
  publishField: Nullable('string', { maxLength: 64 }),
  publishValue: Nullable('string', { maxLength: 200 }),
  sort: Type.Integer({ minimum: 0, maximum: 9999 }),
});

/** `GET /api/flowable/form/portal/{form}`: the setting and the form's fields. */
export const PortalSettingAnswer = DataEnvelope(
  Type.Object({
    configured: Type.Boolean(),
    enabled: Type.Boolean(),
    section: PortalSectionKey,
    titleField: Type.String(),
    dateField: Type.Union([Type.String(), Type.Null()]),
    categoryField: Type.Union([Type.String(), Type.Null()]),
    fields: Type.Array(Type.String()),
    publishStatus: Type.Union([Type.Integer(), Type.Null()]),
    publishField: Type.Union([Type.String(), Type.Null()]),
    publishValue: Type.Union([Type.String(), Type.Null()]),
    sort: Type.Integer(),
    updateBy: Type.Union([Type.String(), Type.Null()]),
    formFields: Type.Array(Type.Object({ enName: Type.String(), label: Type.String(), funcType: Type.String(), publishable: Type.Boolean(), marker: Type.Boolean() })),
    sections: Type.Array(Type.Object({ key: PortalSectionKey, title: Type.String() })),
  }),
);
