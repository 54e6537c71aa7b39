/** `/api/dashboard…`: dashboards (stored panels over forms) and their data (docs/api-dashboards.md). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, DoneEnvelope, Id, IdList, Nullable, PageEnvelope, Str, StrEnum } from './common.js';

/** What a panel draws. */
/** `map`: a China map coloured by group, its groups being province names (北京市, 浙江省, 内蒙古自治区 …; ADR 1062). */
export const PANEL_KINDS = ['kpi', 'line', 'bar', 'pie', 'funnel', 'gauge', 'map', 'table', 'progress'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];
/** How a panel measures each group. */
export const MEASURE_OPS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type MeasureOp = (typeof MEASURE_OPS)[number];
/** Date buckets a date field may be grouped by. */
export const DATE_BUCKETS = ['day', 'month', 'year'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/** Most panels a dashboard holds, and most groups a panel answers. */
export const MAX_PANELS = 24;
export const MAX_GROUPS = 100;

const Name = Str({ min: 1, max: 63, pattern: '^[a-z][a-z0-9_]{0,62}$' });

const Measure = Closed({ op: StrEnum(MEASURE_OPS), field: Type.Optional(Name) });

/**
 * A gauge's scale: a fixed `max`, or `total`, a second measure of the same form (with its own
 * filter, not the panel's) the value is a share of (付款完成率 = 已付合计 / 合同金额合计).
 */
export const GaugeSchema = Closed({
  max: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e15 })),
  total: Type.Optional(Closed({ op: StrEnum(MEASURE_OPS), field: Type.Optional(Name), filter: Type.Optional(Str({ max: 2000 })) })),
});
export type Gauge = Static<typeof GaugeSchema>;

/**
 * A progress board (项目进度看板): one bar per record, named by `label`, filled by `percent` (a
 * number field, 0–100) and/or by the time elapsed in `period` (a date range field) or between
 * `start` and `end` (date fields), grouped by `group`.
 */
export const ProgressSchema = Closed({
  label: Name,
  percent: Type.Optional(Name),
  period: Type.Optional(Name),
  start: Type.Optional(Name),
  end: Type.Optional(Name),
  group: Type.Optional(Name),
});
export type Progress = Static<typeof ProgressSchema>;

/** One panel: an aggregation over a form (count/sum/avg/min/max, by a field or a date bucket). */
export const PanelSchema = Closed({
  id: Str({ min: 1, max: 40, pattern: '^[A-Za-z0-9_-]+$' }),
  title: Str({ min: 1, max: 50 }),
  kind: StrEnum(PANEL_KINDS),
  form: Name,
  groupBy: Type.Optional(Closed({ field: Name, bucket: Type.Optional(StrEnum(DATE_BUCKETS)) })),
  measure: Measure,
  /** A condition in the product's grammar (CONTRACT.md §5), e.g. `${amount} > 100000 && ${contract_type} == 'purchase'`. */
  filter: Type.Optional(Str({ max: 2000 })),
  /** Most groups shown (default 20). */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_GROUPS })),
  /** Width in a 24-column grid (default 12; KPI 6). */
  span: Type.Optional(Type.Integer({ minimum: 4, maximum: 24 })),
  /** `gauge` only: its scale. */
  gauge: Type.Optional(GaugeSchema),
  /** `progress` only: which fields make the bars. */
  progress: Type.Optional(ProgressSchema),
  /** `progress` only: the page a bar opens, `{id}` standing for its record's id (`/xmjdkb/{id}`); default the record's detail. */
  link: Type.Optional(Str({ max: 100, pattern: '^(/[a-z0-9_-]+)+/\\{id\\}$' })),
  /**
   * On a page opened with a parameter (`/xmjdkb/{id}`), only the records whose field equals it
   * (as the list's `initFilter`); without a parameter the panel reads all its records.
   */
  paramField: Type.Optional(Name),
});
export type Panel = Static<typeof PanelSchema>;

const dashboardFields = {
  name: Str({ min: 1, max: 50 }),
  /** The page path a shipped dashboard answers at (e.g. `guanlijiashicang`), or null. */
  routeKey: Type.Optional(Nullable('string', { maxLength: 63, pattern: '^[a-z][a-z0-9-]{0,62}$' })),
  refreshSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 3600 })),
  panels: Type.Array(PanelSchema, { maxItems: MAX_PANELS }),
  /**
   * 公开访问: served signed out at `GET /api/public/dashboard/{routeKey}?tenantCode=` (needs a
   * page path), each panel over the portal's published records and fields only (ADR 1056).
   */
  isPublic: Type.Optional(Type.Boolean()),
};
export const DashboardAddBody = Closed(dashboardFields);
/** An edit names the version it read: a stale one is 409, nothing written. */
export const DashboardEditBody = Closed({ id: Id, version: Type.Integer({ minimum: 1 }), ...dashboardFields });
export const DashboardDeleteBody = IdList;
export const DashboardIdPath = Type.Object({ id: Type.String() });
export const DashboardKeyPath = Type.Object({ key: Type.String() });
/** The page parameter of `/xmjdkb/{id}` (the panels' `paramField` value). */
export const DashboardDataQuery = Type.Object({ param: Type.Optional(Type.String({ maxLength: 64 })) });
/** The builder's live preview of one unsaved panel. */
export const PanelPreviewBody = Closed({ panel: PanelSchema });

// ---- answers ----

const DateTime = Type.String({ format: 'date-time' });
export const DashboardSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  routeKey: Type.Union([Type.String(), Type.Null()]),
  refreshSeconds: Type.Integer(),
  panels: Type.Array(PanelSchema),
  isPublic: Type.Boolean(),
  version: Type.Integer(),
  createBy: Type.String(),
  createTime: DateTime,
  updateBy: Type.String(),
  updateTime: DateTime,
});
export type Dashboard = Static<typeof DashboardSchema>;
export const DashboardSummary = Type.Object({ id: Type.Integer(), name: Type.String(), routeKey: Type.Union([Type.String(), Type.Null()]), panelCount: Type.Integer(), isPublic: Type.Boolean(), version: Type.Integer(), updateTime: DateTime });
export const DashboardPage = PageEnvelope(DashboardSummary);
export const DashboardAnswer = DataEnvelope(DashboardSchema);
export const DashboardCreated = DataEnvelope(Type.Object({ id: Type.Integer() }));
export { DoneEnvelope };

/** One group of a panel: its key, its text, its value, and the list filter that opens its records. */
export const PointSchema = Type.Object({
  key: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  label: Type.String(),
  value: Type.Number(),
  /** The list's `initFilter` showing this group's records (`{field: key}` or `{field$start, field$end}`); null for the empty group. */
  listFilter: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type Point = Static<typeof PointSchema>;
/** One bar of a progress board: the record, its text, its group, its progress and its time elapsed (percent, 0–100, one decimal). */
export const ProgressItemSchema = Type.Object({
  id: Type.Union([Type.Integer(), Type.String()]),
  label: Type.String(),
  group: Type.Union([Type.String(), Type.Null()]),
  /** The percent field's value, else the time elapsed; null when neither is known. */
  percent: Type.Union([Type.Number(), Type.Null()]),
  /** The share of the period elapsed today, when the board has dates. */
  timePercent: Type.Union([Type.Number(), Type.Null()]),
  start: Type.Union([Type.String(), Type.Null()]),
  end: Type.Union([Type.String(), Type.Null()]),
});
export type ProgressItem = Static<typeof ProgressItemSchema>;
/** A panel's answer: its groups (or a KPI's one value), or the refusal of its form (403 / 404 / 400). */
export const PanelDataSchema = Type.Object({
  id: Type.String(),
  form: Type.String(),
  status: Type.Integer(),
  msg: Type.Optional(Type.String()),
  value: Type.Optional(Type.Number()),
  /** Chinese names of the grouping (its field's label) and of the measure (数量, 合同金额合计, …). */
  groupLabel: Type.Optional(Type.String()),
  measureLabel: Type.Optional(Type.String()),
  points: Type.Optional(Type.Array(PointSchema)),
  /** A gauge: its scale's maximum and `value` as a percent of it. */
  max: Type.Optional(Type.Number()),
  percent: Type.Optional(Type.Number()),
  /** A progress board's bars, in group then label order. */
  items: Type.Optional(Type.Array(ProgressItemSchema)),
});
export type PanelData = Static<typeof PanelDataSchema>;
export const DashboardDataAnswer = DataEnvelope(Type.Object({ version: Type.Integer(), panels: Type.Array(PanelDataSchema) }));
export const PanelPreviewAnswer = DataEnvelope(PanelDataSchema);

// ---- the public side (no token) ----

/** `GET /api/public/dashboard/{key}`: the tenant (default DEFAULT) and the page parameter. */
export const PublicDashboardQuery = Type.Object({
  tenantCode: Type.Optional(Type.String({ maxLength: 64 })),
  param: Type.Optional(Type.String({ maxLength: 64 })),
});
/** A public dashboard as a visitor gets it: its name, refresh and panels, and every panel's data over published records. */
export const PublicDashboardAnswer = DataEnvelope(Type.Object({
  tenantName: Type.String(),
  name: Type.String(),
  routeKey: Type.String(),
  refreshSeconds: Type.Integer(),
  panels: Type.Array(PanelSchema),
  data: Type.Array(PanelDataSchema),
}));
