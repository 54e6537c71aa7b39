/**
 * Issue 32 item 1 in a browser against the real server: a signed-out visitor opens /portal of
 * DEFAULT, reads a published news item (its cleaned rich text, not its internal note) and a
 * tender from 招标采购, without ever being sent to sign-in; unpublished items are not listed. The
 * news item's body holds an image uploaded through the rich-text field, which the visitor sees
 * (served at the portal's public image address, not the signed-in file store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browserApp';
import { api } from './support/formActions';
import { resetBrowser } from './support/shellActions';

// A 4×3 PNG, so a drawn image has a width of its own.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGP4z8AARww4OQD1MQv1NXv7ggAAAABJRU5ErkJggg==', 'base64');

/** Puts an uploaded image into the body of the news item `title` (as the rich-text editor stores it). */
async function addImageTo(title: string): Promise<void> {
  const token = await app.server.login('DEFAULT');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), '现场.png');
  const res = await fetch(`${app.url}/api/common/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const { url } = (await res.json()) as { url: string };
  const list = await api(app, token, 'POST', '/api/auto/portal_xwdt/list', { pageNum: 1, pageSize: 50, sysStatus: null });
  const id = (list.rows as { id: number; bt: string }[]).find((r) => r.bt === title)!.id;
  const { data } = await api(app, token, 'GET', `/api/auto/portal_xwdt/${id}`);
  const zw = `${String(data.zw).replace(/<p><img [^>]*><\/p>/g, '')}<p><img src="${url}" alt="现场照片"></p>`;
  await api(app, token, 'POST', `/api/auto/portal_xwdt/edit/${id}`, { formName: 'portal_xwdt', data: { ...data, zw }, version: data.version });
}

let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
  await addImageTo('华建工程中标市政道路改造项目');
});
afterAll(async () => {
  await app?.close();
});

describe('portal', () => {
  it('a signed-out visitor reads a published news item and a tender', async () => {
    const page = await app.newPage();
    await resetBrowser(page, app.url);
    await page.goto(`${app.url}/portal?tenantCode=DEFAULT`);
    await page.getByRole('heading', { name: '华建工程有限公司' }).waitFor();
    await expect.poll(() => page.getByText('（未发布）四季度经营分析会材料').count()).toBe(0);

    await page.getByRole('link', { name: '新闻动态' }).first().click();
    await page.waitForURL(/\/portal\/news\?tenantCode=DEFAULT$/);
    await page.getByRole('link', { name: '华建工程中标市政道路改造项目' }).click();
    await page.waitForURL(/\/portal\/news\/\d+\?tenantCode=DEFAULT$/);
    await page.getByRole('heading', { name: '华建工程中标市政道路改造项目' }).waitFor();
    await page.getByText('近日，集团成功中标城区市政道路改造工程').waitFor();
    expect(await page.getByText('合同尚未签订').count()).toBe(0);
    const image = page.getByRole('img', { name: '现场照片' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    expect(await image.getAttribute('src')).toMatch(/^\/api\/portal\/images\/portal_xwdt\/\d+\/zw\/[\w-]+\?tenantCode=DEFAULT$/);

    await page.getByRole('link', { name: '招标采购' }).first().click();
    await page.waitForURL(/\/portal\/zbcg\?tenantCode=DEFAULT$/);
    await page.getByRole('link', { name: '办公楼装修工程施工招标公告' }).click();
    await page.waitForURL(/\/portal\/zbcg\/portal_zbgg\/\d+\?tenantCode=DEFAULT$/);
    await page.getByRole('heading', { name: '办公楼装修工程施工招标公告' }).waitFor();
    await page.getByText('投标截止日期').waitFor();
    await page.getByText('2026-12-10').waitFor();
    await page.getByText('具有建筑装修装饰工程专业承包二级及以上资质').waitFor();
    expect(page.url()).not.toContain('/login');
    expect(await page.context().cookies().then((c) => c.some((x) => x.name === 'Admin-Token'))).toBe(false);
  });
});
