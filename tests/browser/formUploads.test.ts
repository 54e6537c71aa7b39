/**
 * The upload widget's extras (spec 02 §2.5, §7) in Chromium on a real server: rename (persisted
 * after save and reload), delete with its confirmation, the detail page (read-only actions, hidden
 * when empty), 拖拽上传, the built-in /online-preview of a docx and an xlsx, 批量下载 (a zip of the
 * files) and 合并下载 (one PDF, pages = the inputs' pages), and the 高拍仪 dialog without a service,
 * with an unreachable one and with a fake camera service on loopback.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { downloadBytes, type BrowserApp } from './support/browserApp';
import { api, item, setConfig as setParam } from './support/formActions';
import { startLoopbackService, type LoopbackService } from './support/loopbackService';
import { startAdminSession } from './support/adminSession';
import { cancelDialog } from './support/shellActions';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const FIELD = '合同附件';
const CONTRACT = { contract_name: '附件合同', contract_type: 'construction', party_b: '某建设公司', sign_date: '2026-01-05', amount: 100 };
let app: BrowserApp;
let page: Page;
let token: string;
let camera: LoopbackService;
let cameraUrl: string;
let grabs = 0;

const call = <T = any>(method: string, url: string, body?: unknown) => api<T>(app, token, method, url, body);

/** A minimal but real .docx (what Word writes, reduced to the required parts). */
function docx(text: string): Buffer {
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      '_rels/.rels': strToU8('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
      'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${w}"><w:body><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>${text}</w:t></w:r></w:p><w:p><w:r><w:t>&lt;script&gt;window.pwned=1&lt;/script&gt;</w:t></w:r></w:p></w:body></w:document>`),
    }),
  );
}

function xlsx(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['材料', '数量'], ['钢筋', 12], ['水泥', 30]]), '材料表');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([300, 300]);
  return Buffer.from(await doc.save());
}

async function upload(name: string, content: Buffer): Promise<{ name: string; url: string; fileName: string; size: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${app.url}/api/common/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const { data } = await res.json();
  return { name, url: data.url, fileName: data.fileName, size: data.size };
}

async function addContract(data: Record<string, unknown>): Promise<number> {
  const uuid = (await call('GET', '/api/auto/uuid/get')).data;
  return (await call('POST', '/api/auto/contract_ledger/add', { formName: 'contract_ledger', data: { ...CONTRACT, ...data }, uuid })).data.id;
}

const setConfig = (key: string, value: string) => setParam(app, token, key, value);

const files = () => item(page, FIELD).locator('.fw-file-row');
const names = () => item(page, FIELD).locator('.fw-file-name').allTextContents();
const bytesOf = downloadBytes;

beforeAll(async () => {
  camera = await startLoopbackService((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.url === '/video=status') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: '0', video0: 'run', video1: 'no' }));
      } else if (req.url?.startsWith('/video=stream')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(PNG);
      } else if (req.url === '/video=grabimage' && req.method === 'POST') {
        grabs++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: '0', photoBase64: PNG.toString('base64') }));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  cameraUrl = camera.url;
  ({ app, page, token } = await startAdminSession());
});
afterAll(async () => {
  await app?.close();
  await camera?.close();
});

describe('per-file actions', () => {
  let id: number;
  let stored: Awaited<ReturnType<typeof upload>>[];

  beforeAll(async () => {
    stored = [await upload('说明.docx', docx('施工说明书')), await upload('材料.xlsx', xlsx()), await upload('图纸.pdf', await pdf(2)), await upload('现场.png', PNG), await upload('作废.txt', Buffer.from('x'))];
    id = await addContract({ attachments: stored.map(({ name, url, fileName, size }) => ({ name, url, fileName, size })) });
  });

  it('rename (old name read-only) and delete (confirmed) are saved with the record and shown after a reload', async () => {
    await page.goto(`${app.url}/auto/contract_ledger/${id}`);
    await files().nth(4).waitFor();
    await expect.poll(names).toEqual(['说明.docx', '材料.xlsx', '图纸.pdf', '现场.png', '作废.txt']);

    await item(page, FIELD).getByRole('button', { name: '重命名图纸.pdf' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '重命名' });
    await expect.poll(() => dialog.getByLabel('原文件名').inputValue()).toBe('图纸.pdf');
    await expect.poll(() => dialog.getByLabel('原文件名').getAttribute('readonly')).not.toBeNull();
    await dialog.getByLabel('新文件名').fill('');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入新文件名').waitFor();
    await dialog.getByLabel('新文件名').fill('总平面图');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(names).toContain('总平面图.pdf');

    await item(page, FIELD).getByRole('button', { name: '删除作废.txt' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确定删除文件「作废.txt」吗？' });
    await cancelDialog(page, confirm);
    await expect.poll(() => names()).toContain('作废.txt');
    await item(page, FIELD).getByRole('button', { name: '删除作废.txt' }).click();
    await page.locator('.ant-modal-confirm', { hasText: '确定删除文件「作废.txt」吗？' }).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(names).toEqual(['说明.docx', '材料.xlsx', '总平面图.pdf', '现场.png']);

    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    const row = (await call('GET', `/api/auto/contract_ledger/${id}`)).data;
    expect(row.attachments.map((f: { name: string }) => f.name)).toEqual(['说明.docx', '材料.xlsx', '总平面图.pdf', '现场.png']);
    // The stored key keeps its name: only the display name changed.
    expect(row.attachments[2].fileName).toBe(stored[2].fileName);
    await page.reload();
    await files().nth(3).waitFor();
    await expect.poll(names).toEqual(['说明.docx', '材料.xlsx', '总平面图.pdf', '现场.png']);
  });

  it('预览 of a docx opens /online-preview in a new tab, rendering the document (markup shown as text, never run)', async () => {
    await page.goto(`${app.url}/auto/contract_ledger/${id}`);
    await files().first().waitFor();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), item(page, FIELD).getByRole('button', { name: '预览说明.docx' }).click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${app.url}/online-preview?tenant=DEFAULT&fileId=${encodeURIComponent(stored[0].fileName)}`);
    const doc = tab.locator('article.fw-preview-docx');
    await doc.locator('strong', { hasText: '施工说明书' }).waitFor();
    await expect.poll(() => doc.textContent()).toContain('<script>window.pwned=1</script>');
    await expect.poll(() => tab.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    // No chrome: no sidebar or user menu.
    await expect.poll(() => tab.getByLabel('用户菜单').count()).toBe(0);
    await tab.close();
  });

  it('/online-preview shows an xlsx as a table and a PDF in a frame', async () => {
    const tab = await app.newPage();
    await tab.goto(`${app.url}/online-preview?tenant=DEFAULT&fileId=${encodeURIComponent(stored[1].fileName)}`);
    const table = tab.locator('table.fw-preview-sheet');
    await table.locator('td', { hasText: '钢筋' }).waitFor();
    await expect.poll(() => table.locator('tr').nth(2).locator('td').allTextContents()).toEqual(['水泥', '30']);
    await expect.poll(() => tab.getByRole('tab', { name: '材料表' }).count()).toBe(1);
    await tab.goto(`${app.url}/online-preview?tenant=DEFAULT&fileId=${encodeURIComponent(stored[2].fileName)}`);
    await expect.poll(() => tab.locator('iframe.fw-preview-pdf').getAttribute('src')).toMatch(/^blob:/);
    await tab.goto(`${app.url}/online-preview?tenant=T2&fileId=${encodeURIComponent(stored[2].fileName)}`);
    await tab.getByText('该文件不属于当前租户，无法预览').waitFor();
    await tab.close();
  });

  it('批量下载 answers a zip of all files under their names; 合并下载 of the selected PDF and image one PDF with their pages', async () => {
    await page.goto(`${app.url}/auto/contract_ledger/${id}`);
    await files().nth(3).waitFor();
    const [zip] = await Promise.all([page.waitForEvent('download'), item(page, FIELD).getByRole('button', { name: /批量下载/ }).click()]);
    expect(zip.suggestedFilename()).toBe(`${FIELD}.zip`);
    const entries = unzipSync(new Uint8Array(await bytesOf(zip)));
    expect(Object.keys(entries).sort()).toEqual(['总平面图.pdf', '材料.xlsx', '现场.png', '说明.docx'].sort());
    expect(strFromU8(entries['说明.docx'].slice(0, 2))).toBe('PK');

    await item(page, FIELD).getByLabel('选择总平面图.pdf').check();
    await item(page, FIELD).getByLabel('选择现场.png').check();
    const [merged] = await Promise.all([page.waitForEvent('download'), item(page, FIELD).getByRole('button', { name: /合并下载/ }).click()]);
    expect(merged.suggestedFilename()).toBe(`${FIELD}.pdf`);
    expect((await PDFDocument.load(await bytesOf(merged))).getPageCount()).toBe(3);
  });

  it('a detail page offers preview and download only; an empty upload field is hidden there', async () => {
    await page.goto(`${app.url}/auto/contract_ledger/detail${id}`);
    await files().nth(3).waitFor();
    await expect.poll(() => item(page, FIELD).getByRole('button', { name: '下载说明.docx' }).count()).toBe(1);
    await expect.poll(() => item(page, FIELD).getByRole('button', { name: /^(删除|重命名)/ }).count()).toBe(0);
    const empty = await addContract({ contract_name: '无附件合同' });
    await page.goto(`${app.url}/auto/contract_ledger/detail${empty}`);
    await item(page, '合同名称').waitFor();
    // The item is there (so this is not a missing field) but not shown.
    const hidden = page.locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: FIELD }) });
    await expect.poll(() => hidden.count()).toBe(1);
    await expect.poll(() => hidden.isVisible()).toBe(false);
  });
});

describe('upload ways', () => {
  it('拖拽上传: a dropped file is uploaded after 上传 and listed', async () => {
    await setConfig('sys.enable.drag.upload', 'true');
    await page.goto(`${app.url}/auto/contract_ledger/add`);
    await item(page, FIELD).getByRole('button', { name: /上传文件/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '拖拽上传' });
    const zone = dialog.locator('.ant-upload-drag .ant-upload-btn');
    await zone.waitFor();
    const transfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      // The field accepts .pdf,.doc,.docx,.jpg,.png: a dropped file of another type is ignored.
      dt.items.add(new File(['%PDF-拖拽'], '拖拽.pdf', { type: 'application/pdf' }));
      return dt;
    });
    for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: transfer });
    await dialog.getByText('拖拽.pdf').waitFor();
    await dialog.getByRole('button', { name: /上\s*传/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(names).toEqual(['拖拽.pdf']);
    await page.locator('.ant-message', { hasText: '上传成功' }).last().waitFor();
  });

  it('高拍仪: 选择上传方式 shows the driver link; without a configured service 附件上传 says so', async () => {
    await setConfig('sys.upload.enable.camera', 'true');
    await setConfig('sys.upload.camera.driver', 'https://example.com/camera-driver.exe');
    await page.goto(`${app.url}/auto/contract_ledger/add`);
    await item(page, FIELD).getByRole('button', { name: /上传文件/ }).click();
    const chooser = page.locator('.ant-modal', { hasText: '选择上传方式' });
    await expect.poll(() => chooser.getByRole('link', { name: /下载高拍仪驱动/ }).getAttribute('href')).toBe('https://example.com/camera-driver.exe');
    // 本地上传 goes on to the drag dialog (drag upload is on).
    await chooser.getByRole('button', { name: /本地上传/ }).click();
    const drag = page.locator('.ant-modal', { hasText: '拖拽上传' });
    await drag.waitFor();
    await cancelDialog(page, drag);
    await item(page, FIELD).getByRole('button', { name: /上传文件/ }).click();
    await chooser.getByRole('button', { name: /高拍仪/ }).click();
    const cam = page.locator('.ant-modal', { hasText: '附件上传' });
    await cam.getByText('未配置高拍仪服务').waitFor();
    await expect.poll(() => cam.getByRole('button', { name: /拍\s*照/ }).isDisabled()).toBe(true);
  });

  it('高拍仪 with an unreachable service: 请确认设备正常连接！', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    await setConfig('sys.upload.camera.url', `http://127.0.0.1:${port}`);
    await page.goto(`${app.url}/auto/contract_ledger/add`);
    await item(page, FIELD).getByRole('button', { name: /上传文件/ }).click();
    await page.locator('.ant-modal', { hasText: '选择上传方式' }).getByRole('button', { name: /高拍仪/ }).click();
    await page.locator('.ant-modal', { hasText: '附件上传' }).getByText('请确认设备正常连接！').first().waitFor();
  });

  it('高拍仪 with the service: the page CSP allows it, 拍照 twice, 合成PDF, 上传 stores a 2-page PDF', async () => {
    await setConfig('sys.upload.camera.url', cameraUrl);
    const doc = await page.goto(`${app.url}/auto/contract_ledger/add`);
    const csp = (await doc!.allHeaders())['content-security-policy'];
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${cameraUrl.replace(/[.]/g, '\\.')}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${cameraUrl.replace(/[.]/g, '\\.')}`));
    await item(page, FIELD).getByRole('button', { name: /上传文件/ }).click();
    await page.locator('.ant-modal', { hasText: '选择上传方式' }).getByRole('button', { name: /高拍仪/ }).click();
    const cam = page.locator('.ant-modal', { hasText: '附件上传' });
    await cam.getByAltText('高拍仪画面').waitFor();
    await cam.getByRole('button', { name: /拍\s*照/ }).click();
    await cam.getByAltText('照片1').waitFor();
    await cam.getByRole('button', { name: /拍\s*照/ }).click();
    await cam.getByAltText('照片2').waitFor();
    expect(grabs).toBe(2);
    await cam.getByRole('button', { name: /合成PDF/ }).click();
    await cam.getByText(/已合成：高拍仪扫描_\d{14}\.pdf/).waitFor();
    await cam.getByRole('button', { name: /上\s*传/ }).click();
    await cam.waitFor({ state: 'detached' });
    await expect.poll(names).toEqual([expect.stringMatching(/^高拍仪扫描_\d{14}\.pdf$/)]);
    const key = await item(page, FIELD).getByRole('button', { name: /^下载高拍仪扫描/ }).getAttribute('aria-label');
    expect(key).toBeTruthy();
    const [download] = await Promise.all([page.waitForEvent('download'), item(page, FIELD).getByRole('button', { name: /^下载高拍仪扫描/ }).click()]);
    expect((await PDFDocument.load(await bytesOf(download))).getPageCount()).toBe(2);
  });

  it('without a configured camera the page CSP names no camera host', async () => {
    await setConfig('sys.upload.camera.url', '');
    const doc = await page.goto(`${app.url}/index`);
    expect((await doc!.allHeaders())['content-security-policy']).not.toContain(cameraUrl);
    // Let the home page finish loading its session before the next test navigates away.
    await page.locator('.ant-card', { hasText: '我的消息' }).waitFor();
  });
});

describe('running transfers', () => {
  it('blocks 保存 with a warning until it has finished (spec 02 §4); then the record is saved with the file', async () => {
    const id = await addContract({ attachments: [] });
    const before = (await call('GET', `/api/auto/contract_ledger/${id}`)).data;
    let release!: () => void;
    const held = new Promise<void>((done) => { release = done; });
    await page.route('**/api/common/upload', async (route) => { await held; await route.continue(); });
    try {
      await page.goto(`${app.url}/auto/contract_ledger/${id}`);
      await item(page, FIELD).waitFor();
      await item(page, FIELD).locator('input[type=file]').setInputFiles({ name: '进行中.pdf', mimeType: 'application/pdf', buffer: await pdf(1) });
      await item(page, FIELD).locator('.ant-progress').first().waitFor();
      await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
      await page.locator('.ant-message', { hasText: '当前有文件正在上传，请稍后再试' }).last().waitFor();
      // Nothing was saved meanwhile.
      expect((await call('GET', `/api/auto/contract_ledger/${id}`)).data.version).toBe(before.version);
      release();
      await expect.poll(names).toEqual(['进行中.pdf']);
      await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
      await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
      const saved = (await call('GET', `/api/auto/contract_ledger/${id}`)).data;
      expect(saved.attachments.map((f: { name: string }) => f.name)).toEqual(['进行中.pdf']);
    } finally {
      release();
      await page.unroute('**/api/common/upload');
    }
  });
  it('a file downloads once at a time, marked 文件较大，正在下载，请稍候 until it arrives', async () => {
    const big = await upload('大文件.pdf', await pdf(3));
    const id = await addContract({ attachments: [big] });
    let requests = 0;
    let release!: () => void;
    const held = new Promise<void>((done) => { release = done; });
    const isFileDownload = (url: URL) => url.pathname === '/api/common/download' && !url.searchParams.has('inline');
    await page.route(isFileDownload, async (route) => { requests++; await held; await route.continue(); });
    try {
      await page.goto(`${app.url}/auto/contract_ledger/${id}`);
      await files().first().waitFor();
      const saved = page.waitForEvent('download');
      await item(page, FIELD).getByRole('button', { name: '下载大文件.pdf' }).click();
      const mark = item(page, FIELD).locator('.fw-file-downloading', { hasText: '文件较大，正在下载，请稍候' });
      await mark.waitFor();
      await item(page, FIELD).getByRole('button', { name: '下载大文件.pdf' }).click({ force: true });
      release();
      expect((await saved).suggestedFilename()).toBe('大文件.pdf');
      await mark.waitFor({ state: 'detached' });
      expect(requests).toBe(1);
    } finally {
      release();
      await page.unroute(isFileDownload);
    }
  });
});

describe('deleting on the server', () => {
  const status = async (key: string) =>
    (await fetch(`${app.url}/api/common/download?fileName=${encodeURIComponent(key)}`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('removing a file uploaded on the open page deletes it (POST /api/common/file/delete); a saved record\'s file stays until the record is saved without it', async () => {
    const kept = await upload('保留.txt', Buffer.from('keep'));
    const id = await addContract({ attachments: [kept] });
    await page.goto(`${app.url}/auto/contract_ledger/${id}`);
    await files().first().waitFor();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/common/upload') && r.request().method() === 'POST');
    await item(page, FIELD).locator('input[type=file]').setInputFiles({ name: '临时.txt', mimeType: 'text/plain', buffer: Buffer.from('temp') });
    const tempKey: string = (await (await uploaded).json()).data.fileName;
    await expect.poll(names).toEqual(['保留.txt', '临时.txt']);
    expect(await status(tempKey)).toBe(200);

    await item(page, FIELD).getByRole('button', { name: '删除临时.txt' }).click();
    await page.locator('.ant-modal-confirm', { hasText: '确定删除文件「临时.txt」吗？' }).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(names).toEqual(['保留.txt']);
    await expect.poll(() => status(tempKey)).toBe(404);

    await item(page, FIELD).getByRole('button', { name: '删除保留.txt' }).click();
    await page.locator('.ant-modal-confirm', { hasText: '确定删除文件「保留.txt」吗？' }).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(names).toEqual([]);
    // Not saved: the record still holds it, so it must still be there.
    expect(await status(kept.fileName)).toBe(200);
    expect((await call('GET', `/api/auto/contract_ledger/${id}`)).data.attachments.map((f: { name: string }) => f.name)).toEqual(['保留.txt']);
  });
});

describe('console', () => {
  it('no console errors', () => {
    // The unreachable camera's refused connection is the one expected network error.
    expect(app.errors.filter((e) => !/net::ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual([]);
  });
});
