/** The user picker's selection rules (spec 01 §4), pure: dedupe, single mode keeps one, confirm value. */
import type { PickUser } from '../../api/pickerOptions';

/** Selected users in pick order, unique by id. */
export type Selection = Pick<PickUser, 'userId' | 'nickName'>[];

/** Adds users (duplicates dropped); in single mode only the last one is kept. */
export function addUsers(sel: Selection, users: Pick<PickUser, 'userId' | 'nickName'>[], multiple: boolean): Selection {
  const next = [...sel];
  for (const u of users) if (!next.some((s) => s.userId === u.userId)) next.push({ userId: u.userId, nickName: u.nickName });
  return multiple ? next : next.slice(-1);
}

/** Removes users by id. */
export function removeUsers(sel: Selection, ids: number[]): Selection {
  const drop = new Set(ids);
  return sel.filter((s) => !drop.has(s.userId));
}

/** What confirm returns: the ids as a list when multiple, otherwise the first id or null. */
export function confirmValue(sel: Selection, multiple: boolean): number[] | number | null {
  const ids = sel.map((s) => s.userId);
  return multiple ? ids : ids[0] ?? null;
}

/** A stored value as a list of ids. */
export function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value == null || value === '' ? [] : [value];
  return list.map(Number).filter((n) => Number.isFinite(n));
}
