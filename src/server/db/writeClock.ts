/**
 * The write clock of a database handle that only this process writes (PGlite: its data directory
 * is locked to one process, and every statement goes through the one pool that counts the
 * statements that may write; ADR 0306). A value read while the clock stood still is the answer
 * for as long as it keeps standing: no other writer exists. PostgreSQL handles have no clock.
 */
const clocks = new WeakMap<object, () => number>();

export function setWriteClock(db: object, clock: () => number): void {
  clocks.set(db, clock);
}

export function writeClockOf(db: object): (() => number) | undefined {
  return clocks.get(db);
}
