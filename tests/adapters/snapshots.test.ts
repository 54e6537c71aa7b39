// One snapshot per fixture of toFormilySchema and toColumns, as readable JSON files in
// tests/adapters/__snapshots__/. These files were read and checked by hand (2026-11-21) against
// spec 01 §2.2–2.3, §3.2–3.4, §5 and CONTRACT.md §5–§6: component names, props from the
// definition (maxLength, precision, suffix, options, formats), validators with "{label}不能为空",
// reaction markers with row-relative (".x") and main ("x") dependencies, absent names left out of
// dependencies, the $sql hide marker, void layout fields, sub-form items; columns with widths
// (pcTableElements width 10 → 200, otherwise 120), no sort on switch / address / dateRange /
// upload / qrCode / button / subForm, search kinds per type, totals of columnEvalList, $view keys,
// the 状态 column absent for the type-2 view, and 操作 widths (付款登记 + 归档 = 6 chars → 122).
// A change to a snapshot must be read again, not just accepted.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { toColumns, toFormilySchema } from '../../schema-adapters/index';
import { loadFixtures } from './helpers';

const SETTINGS = { settings: { 'sys.list.show.status': 'true', 'sys.thousand.separator.enabled': 'true' } };

describe.each([...loadFixtures().entries()])('fixture %s', (name, def) => {
  it('Formily schema matches its checked snapshot', async () => {
    await expect(`${JSON.stringify(toFormilySchema(def), null, 2)}\n`).toMatchFileSnapshot(join('__snapshots__', `${name}.schema.json`));
  });
  it('column model matches its checked snapshot', async () => {
    await expect(`${JSON.stringify(toColumns(def, SETTINGS), null, 2)}\n`).toMatchFileSnapshot(join('__snapshots__', `${name}.columns.json`));
  });
});
