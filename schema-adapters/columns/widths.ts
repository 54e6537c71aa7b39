/** Spec 01 §2.2: a column without a per-user or configured width is 120 wide. */
export const DEFAULT_COLUMN_WIDTH = 120;

/**
 * Spec 01 §2.2: per-user width first; else the configured width, 20 per character unit, at most
 * 300, at least 5 units (100), and 100 when the configured value is not a number; else 120.
 */
export function columnWidth(configuredUnits: unknown, userWidth?: number): number {
  if (typeof userWidth === 'number' && userWidth > 0) return userWidth;
  if (configuredUnits == null || configuredUnits === '') return DEFAULT_COLUMN_WIDTH;
  const units = Number(configuredUnits);
  if (!Number.isFinite(units) || units <= 0) return 100;
  return Math.min(300, Math.max(100, units * 20));
}

/** Spec 01 §2.2: the 操作 column is 12 per character of the button names plus 10, plus 40. */
export function actionColumnWidth(buttonNames: string[]): number {
  const characters = buttonNames.reduce((n, name) => n + [...name].length, 0);
  return 12 * characters + 10 + 40;
}
