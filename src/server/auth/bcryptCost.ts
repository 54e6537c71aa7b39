/**
 * The bcrypt cost of new password hashes: `BCRYPT_COST` (4–14), 10 when unset (ADR 1072).
 * A comparison always uses the cost stored in the hash it checks, so changing this affects only
 * passwords set afterwards. Read at each hash rather than once at start, so a process's setting
 * can be given before or after this module is loaded (the test suites set 4: 1/64 of the work of
 * cost 10, for the thousands of sign-ins of a run).
 */
export const DEFAULT_BCRYPT_COST = 10;

export function bcryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.BCRYPT_COST;
  if (raw === undefined || raw === '') return DEFAULT_BCRYPT_COST;
  const cost = Number(raw);
  if (!Number.isInteger(cost) || cost < 4 || cost > 14) throw new Error(`BCRYPT_COST must be an integer from 4 to 14, got "${raw}"`);
  return cost;
}
