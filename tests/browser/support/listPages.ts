/** Helpers over the generated list pages for browser tests. */
import type { Page } from 'playwright-core';
import type { BrowserApp } from './browserApp';

/** Opens a form's list fresh (the per-route cache in sessionStorage dropped) and waits for its first row. */
export async function openList(app: BrowserApp, page: Page, form: string): Promise<void> {
  await page.goto(`${app.url}/404`);
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${app.url}/auto/${form}`);
  await page.locator(`[data-testid="record-list"][data-form="${form}"]`).waitFor();
  await page.locator('[data-row-key]').first().waitFor();
}
