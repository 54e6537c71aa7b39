/**
 * Time-of-use split (pure): hourly consumption into 尖/峰/平/谷 by a tariff's periods, with the
 * cost at each period's price. Periods sit on whole hours (the hourly rollup is the finest
 * aggregate kept; ADR 1043); an hour no period covers counts as 平 at the flat price (0 if the
 * tariff has none).
 */

export type TouPeriod = 'sharp' | 'peak' | 'flat' | 'valley';
export const TOU_PERIODS: TouPeriod[] = ['sharp', 'peak', 'flat', 'valley'];
export const TOU_LABELS: Record<TouPeriod, string> = { sharp: '尖', peak: '峰', flat: '平', valley: '谷' };

export interface TariffPeriod {
  period: TouPeriod;
  startHour: number;
  /** Exclusive, 1–24. */
  endHour: number;
  price: number;
}

export interface TouSplit {
  period: TouPeriod;
  label: string;
  value: number;
  cost: number;
}

/** The period and price of a local hour 0–23. */
export function periodOfHour(periods: TariffPeriod[], hour: number): { period: TouPeriod; price: number } {
  const p = periods.find((x) => hour >= x.startHour && hour < x.endHour);
  if (p) return { period: p.period, price: p.price };
  return { period: 'flat', price: periods.find((x) => x.period === 'flat')?.price ?? 0 };
}

/** Rounds to 4 decimals, the precision of the answers. */
export const round4 = (n: number): number => Math.round(n * 10_000) / 10_000;

/** Sums hourly values (local hour, value) by period; every period is in the answer, in 尖峰平谷 order. */
export function splitByPeriod(periods: TariffPeriod[], hours: { hour: number; value: number }[]): TouSplit[] {
  const acc = new Map<TouPeriod, { value: number; cost: number }>(TOU_PERIODS.map((p) => [p, { value: 0, cost: 0 }]));
  for (const h of hours) {
    const { period, price } = periodOfHour(periods, h.hour);
    const a = acc.get(period)!;
    a.value += h.value;
    a.cost += h.value * price;
  }
  return TOU_PERIODS.map((p) => ({ period: p, label: TOU_LABELS[p], value: round4(acc.get(p)!.value), cost: round4(acc.get(p)!.cost) }));
}
