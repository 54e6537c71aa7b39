/**
 * The position field's map (spec 02 §2.5, docs/adr/0605-leaflet-position-map.md) in Chromium on
 * 工程分解结构 (project_wbs, field 位置坐标): without `sys.map.tile.url` only the coordinate input;
 * with it (set through the real config API, pointing at a tile server on loopback started here)
 * tiles load under the page CSP, a click sets the coordinates, typed coordinates move the marker,
 * the value survives save and reload, the detail page shows the map read-only, and the keyword
 * search of a configured geocoder fills the field.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { api, choose, fill, item, setConfig as setParam } from './support/formActions';
import { startLoopbackService, type LoopbackService } from './support/loopbackService';
import { startAdminSession } from './support/adminSession';

let app: BrowserApp;
let page: Page;
let token: string;
let tiles: LoopbackService;
let tileBase: string;
const tileRequests: string[] = [];
const searchRequests: URL[] = [];

/** A 256×256 RGB PNG (a light grid square), built with zlib. */
function tilePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(256 * (1 + 256 * 3));
  for (let y = 0; y < 256; y++) {
    const row = y * (1 + 256 * 3);
    for (let x = 0; x < 256; x++) {
      const edge = x === 0 || y === 0;
      rows.set(edge ? [160, 160, 160] : [235, 240, 225], row + 1 + x * 3);
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  const png = tilePng();
  tiles = await startLoopbackService((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      tileRequests.push(url.pathname);
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      res.end(png);
    } else if (url.pathname === '/search') {
      searchRequests.push(url);
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify([{ display_name: '天安门，东城区，北京市', lon: '116.3975', lat: '39.9087' }]));
    } else {
      res.writeHead(404).end();
    }
  });
  tileBase = tiles.url;
  ({ app, page, token } = await startAdminSession());
});
afterAll(async () => {
  await app?.close();
  await tiles?.close();
});

const field = () => item(page, '位置坐标');
const input = () => field().locator('input').first();
const map = () => field().locator('[data-testid="position-map"]');
const marker = () => map().locator('img.leaflet-marker-icon');

async function openAdd(): Promise<void> {
  await page.goto(`${app.url}/auto/project_wbs/add`);
  await field().waitFor();
}

const setConfig = (configName: string, configKey: string, configValue: string) => setParam(app, token, configKey, configValue, configName);

function lonLat(text: string): [number, number] {
  const [lon, lat] = text.split(',').map(Number);
  return [lon, lat];
}

/** The element's box once two reads 150 ms apart agree (a pan or zoom animation has ended). */
async function restingBox(el: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  // expect.poll reads again 150 ms after a read that did not match: the two reads compared.
  await expect.poll(async () => {
    const now = JSON.stringify(await el.boundingBox());
    const still = now === last && now !== 'null';
    last = now;
    return still;
  }, { timeout: 15_000, interval: 150 }).toBe(true);
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  const x = a.x + a.width / 2;
  const y = a.y + a.height;
  return x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height;
}

describe('without a tile source', () => {
  it('shows only the coordinate input, as before', async () => {
    await openAdd();
    await field().locator('.fw-position[data-map="off"]').waitFor();
    await expect.poll(() => map().count()).toBe(0);
    await expect.poll(() => field().locator('.leaflet-container').count()).toBe(0);
    await fill(page, '位置坐标', '116.4,39.95');
    await expect.poll(() => input().inputValue()).toBe('116.4,39.95');
    expect(tileRequests).toEqual([]);
  });
});

describe('with a tile source configured', () => {
  let id: number;

  beforeAll(async () => {
    await setConfig('地图瓦片地址', 'sys.map.tile.url', `${tileBase}/tiles/{z}/{x}/{y}.png`);
    await setConfig('地图版权说明', 'sys.map.tile.attribution', '© 测试瓦片 <b>x</b>');
  });

  it('loads tiles from the configured server under the CSP; a click on the map sets the coordinates', async () => {
    await openAdd();
    await map().waitFor();
    await map().locator('img.leaflet-tile-loaded').first().waitFor();
    expect(tileRequests.length).toBeGreaterThan(0);
    // Zoom 12 around 116.39, 39.90 when empty (spec 02 §2.5).
    expect(tileRequests.every((p) => p.startsWith('/tiles/12/'))).toBe(true);
    // The attribution is text, not HTML.
    await expect.poll(() => map().locator('.leaflet-control-attribution').textContent()).toContain('© 测试瓦片 <b>x</b>');
    await expect.poll(() => marker().count()).toBe(0);

    await map().click();
    await expect.poll(() => input().inputValue()).toMatch(/^\d+(\.\d+)?,\d+(\.\d+)?$/);
    const [lon, lat] = lonLat(await input().inputValue());
    expect(Math.abs(lon - 116.39)).toBeLessThan(0.001);
    expect(Math.abs(lat - 39.9)).toBeLessThan(0.001);
    await marker().waitFor();
    await expect.poll(() => marker().getAttribute('title')).toBe(await input().inputValue());
  });

  it('typed coordinates move the marker into view; saving and reloading keeps the value', async () => {
    await fill(page, '位置坐标', '116.4,39.95');
    await expect.poll(() => marker().getAttribute('title')).toBe('116.4,39.95');
    // 39.95 lies outside the first view; the map follows the typed value.
    await expect.poll(() => inside(marker(), map())).toBe(true);

    await fill(page, '节点编码', 'WBS-MAP-1');
    await fill(page, '节点名称', '地图测试节点');
    await choose(page, '节点类型', '单位工程');
    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    const [row] = (await api(app, token, 'POST', '/api/auto/project_wbs/list', { pageNum: 1, pageSize: 1 })).rows;
    expect(row).toMatchObject({ node_code: 'WBS-MAP-1', location: '116.4,39.95' });
    id = row.id;

    await page.goto(`${app.url}/auto/project_wbs/${id}`);
    await expect.poll(() => input().inputValue()).toBe('116.4,39.95');
    await expect.poll(() => marker().getAttribute('title')).toBe('116.4,39.95');
    await expect.poll(() => inside(marker(), map())).toBe(true);
    await expect.poll(() => marker().getAttribute('class')).toContain('leaflet-marker-draggable');
  });

  it('dragging the marker sets the coordinates', async () => {
    // The map may still be panning to the loaded value: grab the marker only once it stands still.
    const box = await restingBox(marker());
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height - 2 + 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => input().inputValue()).not.toBe('116.4,39.95');
    const [lon, lat] = lonLat(await input().inputValue());
    expect(lon).toBeGreaterThan(116.4);
    expect(lat).toBeLessThan(39.95);
    await expect.poll(() => marker().getAttribute('title')).toBe(await input().inputValue());
  });

  it('the detail page shows the map without editing', async () => {
    await page.goto(`${app.url}/auto/project_wbs/detail${id}`);
    await map().waitFor();
    await marker().waitFor();
    await expect.poll(() => marker().getAttribute('title')).toBe('116.4,39.95');
    await expect.poll(() => marker().getAttribute('class')).not.toContain('leaflet-marker-draggable');
    await expect.poll(() => field().getByText('点击地图或拖动标记设置位置').count()).toBe(0);
    await map().click({ position: { x: 20, y: 200 } });
    await expect.poll(() => marker().getAttribute('title')).toBe('116.4,39.95');
    await expect.poll(() => field().textContent()).toContain('116.4,39.95');
  });

  it('without a geocoder there is no search box; a configured one is asked (10 places, China bounds) and fills the field', async () => {
    await openAdd();
    await map().waitFor();
    await expect.poll(() => field().getByPlaceholder('搜索地点').count()).toBe(0);

    await setConfig('地点搜索地址', 'sys.map.search.url', `${tileBase}/search?format=json&q={keyword}&limit={count}&viewbox={bounds}&bounded=1`);
    await openAdd();
    const search = field().getByPlaceholder('搜索地点');
    await search.waitFor();
    await search.fill('天安门');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '天安门，东城区，北京市' }).click();
    await expect.poll(() => input().inputValue()).toBe('116.3975,39.9087');
    await expect.poll(() => marker().getAttribute('title')).toBe('116.3975,39.9087');
    // Debounced: typing the keyword asked once, with the spec's count and bounds.
    expect(searchRequests).toHaveLength(1);
    expect(searchRequests[0].searchParams.get('q')).toBe('天安门');
    expect(searchRequests[0].searchParams.get('limit')).toBe('10');
    expect(searchRequests[0].searchParams.get('viewbox')).toBe('73.4,3.8,135.1,53.6');
  });
});

describe('box areas (a pasted definition in the schema preview)', () => {
  const AREA_DEF = { enName: 'map_area', cnName: '区域测试', fields: [{ enName: 'scope', label: '施工范围', funcType: 'position', type: 'area' }] };
  const area = () => item(page.locator('.fw-record-form'), '施工范围');
  const areaInput = () => area().locator('input').first();
  const areaMap = () => area().locator('[data-testid="position-map"]');

  it('adds a 0.002° box around the centre and at a click, moves it by its handle, removes the chosen box, shows typed boxes (zoom 15)', async () => {
    await page.goto(`${app.url}/preview`);
    await page.getByRole('textbox', { name: '表单定义 JSON' }).fill(JSON.stringify(AREA_DEF));
    await areaMap().waitFor();
    await areaMap().locator('img.leaflet-tile-loaded').first().waitFor();
    await expect.poll(() => area().getByText('点击地图添加区域', { exact: false }).count()).toBe(1);

    await area().getByRole('button', { name: '添加区域' }).click();
    await expect.poll(() => areaInput().inputValue()).toMatch(/^[\d.]+,[\d.]+;[\d.]+,[\d.]+$/);
    const added = (await areaInput().inputValue()).split(/[;,]/).map(Number);
    // Around the map centre 116.39, 39.90 (to the pixel), half-size 0.002°.
    expect(Math.abs((added[0] + added[2]) / 2 - 116.39)).toBeLessThan(0.001);
    expect(Math.abs((added[1] + added[3]) / 2 - 39.9)).toBeLessThan(0.001);
    expect(added[2] - added[0]).toBeCloseTo(0.004, 5);
    expect(added[3] - added[1]).toBeCloseTo(0.004, 5);
    // The chosen box shows its two corner handles and the centre handle.
    await expect.poll(() => areaMap().locator('.fw-map-handle').count()).toBe(3);

    // Drag the centre handle: the box keeps its size and moves.
    const handle = (await areaMap().locator('.fw-map-handle-move').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await areaInput().inputValue()).split(/[;,]/).map(Number)[0]).toBeGreaterThan(added[0] + 0.001);
    const moved = (await areaInput().inputValue()).split(/[;,]/).map(Number);
    expect(moved[1]).toBeCloseTo(added[1], 4);
    expect(moved[2] - moved[0]).toBeCloseTo(0.004, 5);
    expect(moved[3] - moved[1]).toBeCloseTo(0.004, 5);

    // A click on the empty map adds a second box there.
    await areaMap().click({ position: { x: 60, y: 250 } });
    await expect.poll(async () => (await areaInput().inputValue()).split('-').length).toBe(2);
    const [, second] = (await areaInput().inputValue()).split('-');
    await area().getByRole('button', { name: '删除区域' }).click();
    await expect.poll(() => areaInput().inputValue()).not.toContain(second);
    await expect.poll(async () => (await areaInput().inputValue()).split('-').length).toBe(1);

    // A typed box out of view is shown at zoom 15 (spec 02 §2.5 box view); typed boxes are drawn.
    const before = tileRequests.length;
    await areaInput().fill('116.3,39.8;116.304,39.804');
    await expect.poll(() => tileRequests.slice(before).some((p) => p.startsWith('/tiles/15/'))).toBe(true);
    await areaInput().fill('116.3,39.8;116.31,39.81-116.32,39.82;116.33,39.83');
    await expect.poll(() => areaMap().locator('path.leaflet-interactive').count()).toBe(2);
  });
});

describe('console', () => {
  it('no CSP violations', () => {
    expect(app.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });

  it('no console errors', () => {
    expect(app.errors).toEqual([]);
  });
});
