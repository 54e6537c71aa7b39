/**
 * Issue 27 item 12: on 合同台账 at 1,440 × 900 the 合计 row's amounts are on screen as the list
 * opens, without scrolling sideways.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession } from './support/adminSession';
import type { BrowserApp } from './support/browserApp';
import { openList } from './support/listPages';

/** Set FW_SCREENSHOTS=1 to refresh this file's picture in docs/screenshots/. */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

let app: BrowserApp;
let page: Page;

beforeAll(async () => {
  ({ app, page } = await startAdminSession({ timeout: 10_000 }));
});
afterAll(async () => {
  await app?.close();
});

describe('list totals at 1,440 px', () => {
  it('合同台账: the 合计 of 合同金额 is on screen as the list opens, stays there scrolled, and sits under its column when scrolled to', async () => {
    expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
    await openList(app, page, 'contract_ledger');
    const total = page.locator('[data-total="amount"]');
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).toMatch(/合计: [\d,]+\.\d\d/);
    const scroller = page.getByTestId('record-list-scroller');
    // The table is wider than its view at this width: the 合同金额 column itself starts off screen.
    const geometry = () => page.evaluate(() => {
      const rect = (el: Element | null | undefined) => el!.getBoundingClientRect();
      const box = document.querySelector('[data-testid="record-list-scroller"]')!;
      const foot = box.querySelector('[data-testid="totals-row"]')!;
      const cells = [...foot.querySelectorAll('[role="cell"]')];
      const lastStart = rect(foot.querySelector('[data-column="contract_name"]')).right;
      const actions = rect(foot.querySelector('[data-column="$actions"]')).left;
      const amount = rect(box.querySelector('[data-total="amount"]'));
      const header = rect(box.querySelector('[role="columnheader"][data-column="amount"]'));
      // What is drawn at the middle of the total: the total itself, not a cell covering it.
      const atMiddle = document.elementFromPoint(amount.left + amount.width / 2, amount.top + amount.height / 2);
      return {
        inView: amount.left >= lastStart - 0.5 && amount.right <= actions + 0.5 && amount.right <= window.innerWidth && amount.bottom <= window.innerHeight && amount.width > 0,
        visible: !!atMiddle?.closest('[data-total="amount"]'),
        underColumn: Math.abs(header.left - rect(box.querySelector('[data-total="amount"]')!.closest('[role="cell"]')).left) < 1,
        headerOff: header.right > actions, cells: cells.length,
      };
    });
    const opened = await geometry();
    expect(opened.headerOff).toBe(true);
    expect(opened).toMatchObject({ inView: true, visible: true });
    await expect.poll(() => total.textContent()).toContain(String(await page.locator('[data-testid="totals-summary"]').textContent()).match(/合计: ([\d,.]+)/)![1]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-totals-in-view.png` });
    // Scrolled to the far right the total is still on screen.
    await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
    await expect.poll(async () => (await geometry()).inView).toBe(true);
    expect((await geometry()).visible).toBe(true);
    // Scrolled so that the column is in view, the total is under its column.
    await scroller.evaluate((el) => {
      const head = el.querySelector('[role="columnheader"][data-column="amount"]') as HTMLElement;
      el.scrollLeft = head.offsetLeft - 400;
    });
    await expect.poll(async () => (await geometry()).underColumn).toBe(true);
    expect((await geometry()).inView).toBe(true);
  });
});
