/** Alarm calls: the alarm statistics report (告警统计报表) and the BI alarm summary (报警统计). */
import { sql } from 'kysely';
import { bucketBounds, rangeOf, type EnergyCtx } from './energyScope.js';
import { ENERGY_ZONE } from '../energyTime.js';

export const LEVEL_LABELS = { info: '提示', warning: '警告', critical: '严重' } as const;
type Level = keyof typeof LEVEL_LABELS;

/** GET /energy/gjtjbb: alarms of the range grouped by type and level. */
export async function alarmReport(c: EnergyCtx) {
  const b = bucketBounds(rangeOf(c));
  const r = await sql<{ alarm_type: string; level: Level; n: number; cleared: number }>`
    SELECT a.alarm_type, a.level, count(*)::int AS n, count(a.cleared_at)::int AS cleared FROM energy_alarms a
    WHERE a.tenant_id = ${c.tenantId} AND a.occurred_at >= (${b.from}::timestamp AT TIME ZONE ${ENERGY_ZONE}) AND a.occurred_at < (${b.to}::timestamp AT TIME ZONE ${ENERGY_ZONE})
    GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2`.execute(c.db);
  const rows = r.rows.map((x) => ({ alarmType: x.alarm_type, level: x.level, levelLabel: LEVEL_LABELS[x.level], count: x.n, cleared: x.cleared, active: x.n - x.cleared }));
  return { rows, total: rows.reduce((s, x) => s + x.count, 0) };
}

/** GET /energy/bi/bjtj: counts by level (all time), active count and the latest alarms (limit, default 10). */
export async function alarmSummary(c: EnergyCtx) {
  const levels = await sql<{ level: Level; n: number; active: number }>`
    SELECT level, count(*)::int AS n, count(*) FILTER (WHERE cleared_at IS NULL)::int AS active FROM energy_alarms WHERE tenant_id = ${c.tenantId} GROUP BY level`.execute(c.db);
  const recent = await sql<{ id: number; level: Level; alarm_type: string; message: string; meter_name: string | null; occurred_at: Date; cleared_at: Date | null }>`
    SELECT a.id, a.level, a.alarm_type, a.message, m.name AS meter_name, a.occurred_at, a.cleared_at FROM energy_alarms a LEFT JOIN energy_meters m ON m.id = a.meter_id
    WHERE a.tenant_id = ${c.tenantId} ORDER BY a.occurred_at DESC, a.id DESC LIMIT ${c.q.limit ?? 10}`.execute(c.db);
  const byLevel = (Object.keys(LEVEL_LABELS) as Level[]).map((l) => ({ level: l, label: LEVEL_LABELS[l], count: levels.rows.find((x) => x.level === l)?.n ?? 0 }));
  return {
    total: byLevel.reduce((s, x) => s + x.count, 0), active: levels.rows.reduce((s, x) => s + x.active, 0), byLevel,
    recent: recent.rows.map((a) => ({ id: a.id, level: a.level, levelLabel: LEVEL_LABELS[a.level], alarmType: a.alarm_type, message: a.message, meterName: a.meter_name, occurredAt: a.occurred_at.toISOString(), clearedAt: a.cleared_at?.toISOString() ?? null })),
  };
}
