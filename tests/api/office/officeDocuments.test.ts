/**
 * Office documents (issue 34 item 4; spec 02 §3, §7, §8; docs/office.md): a docx made here, a PDF
 * and a png merged into one PDF through LibreOffice (pages and text read back with pdfjs-dist), the
 * built-in viewer's PDF of an office file cached by content, the Chinese message when soffice is
 * absent (SOFFICE_PATH naming nothing), the ONLYOFFICE editor config signed with HS256, and the save
 * callback against a loopback fake: statuses 2 and 6 write a new version (an upload in place, a
 * library file as a new version), other statuses are ignored, bad signatures and foreign download
 * urls are refused. Permissions and tenant isolation on every call.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOfficeConfig } from '../../../src/server/office/officeConfig.js';
import { verifyJwt } from '../../../src/server/office/hs256.js';
import { pdfCacheKey } from '../../../src/server/office/officePdf.js';
import { NO_CONVERTER_MESSAGE } from '../../../src/server/office/sofficeConverter.js';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { startOnlyofficeFake, type OnlyofficeFake } from '../support/onlyofficeFake.js';
import { docxWithText, pdfPageTexts, pdfWithText, sofficeInstalled } from '../support/officeSamples.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BASE = 'http://formwork.test';
/** The merge and viewer tests run LibreOffice itself; without it they cannot mean anything. */
const hasSoffice = sofficeInstalled('officeDocuments.test.ts');

let t: TestApp;
let bare: TestApp;
let fake: OnlyofficeFake;
let tokens: Record<string, string>;

async function upload(app: TestApp, tok: string, filename: string, content: Buffer | string): Promise<{ fileName: string; url: string }> {
  const boundary = '----fwoffice' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tok}` } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function libraryUpload(tok: string, filename: string, content: Buffer): Promise<number> {
  const boundary = '----fwres' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="parentId"\r\n\r\n0\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/system/resource/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tok}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const raw = (app: TestApp, tok: string | null, url: string) => app.app.inject({ method: 'GET', url, headers: tok ? { authorization: `Bearer ${tok}` } : {} });
const callback = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: url.slice(BASE.length), payload, headers });

beforeAll(async () => {
  fake = await startOnlyofficeFake();
  const office = readOfficeConfig({ ONLYOFFICE_URL: fake.url, ONLYOFFICE_JWT_SECRET: fake.secret, ONLYOFFICE_CALLBACK_BASE: BASE });
  t = await createTestApp({ config: { office } });
  // A second server as an installation without LibreOffice (SOFFICE_PATH names nothing) and without ONLYOFFICE.
  bare = await createTestApp({ config: { office: readOfficeConfig({ SOFFICE_PATH: '/nonexistent/soffice' }) } });
  tokens = { admin: await t.login('DEFAULT'), staff: await t.login('DEFAULT', 'staff'), t2: await t.login('T2'), bare: await bare.login('DEFAULT') };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await fake?.close();
});

describe('conversion through LibreOffice', () => {
  it.skipIf(!hasSoffice)('merges a docx, a PDF and a png in the order given into one PDF (pages and text checked)', async () => {
    const docxBytes = docxWithText('Formwork merge check: docx page');
    const docx = await upload(t, tokens.admin, '施工说明.docx', docxBytes);
    const pdf = await upload(t, tokens.admin, 'two.pdf', await pdfWithText('Second file is a PDF'));
    const png = await upload(t, tokens.admin, 'scan.png', PNG);
    const res = await as(t, tokens.admin).post('/api/office/merge/pdf', { fileName: '合并结果', urls: [docx.url, pdf.url, png.fileName] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe(res.body.data.url);
    expect(res.body.data.originalName).toBe('合并结果.pdf');
    const got = await raw(t, tokens.admin, res.body.msg);
    expect(got.statusCode).toBe(200);
    const texts = await pdfPageTexts(got.rawPayload);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('Formwork merge check: docx page');
    expect(texts[1]).toContain('Second file is a PDF');
    expect(texts[2].trim()).toBe('');
    // The converted docx is kept by content: the viewer's PDF of the same file comes from the store.
    const tenantId = Number(/^t(\d+)\//.exec(docx.fileName)![1]);
    const cacheFile = join(t.config.dataDir, 'files', pdfCacheKey(tenantId, docxBytes));
    expect(existsSync(cacheFile)).toBe(true);
    // Another tenant cannot merge this tenant's files.
    expect((await as(t, tokens.t2).post('/api/office/merge/pdf', { urls: [docx.url] })).status).toBe(404);
  }, 120_000);

  it.skipIf(!hasSoffice)('GET /api/office/pdf shows an office file as PDF; not for PDFs, not for other tenants, not without sign-in', async () => {
    const docx = await upload(t, tokens.admin, '报告.docx', docxWithText('Viewer shows this as PDF'));
    const res = await raw(t, tokens.staff, `/api/office/pdf?fileName=${encodeURIComponent(docx.fileName)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect((await pdfPageTexts(res.rawPayload))[0]).toContain('Viewer shows this as PDF');
    const pdf = await upload(t, tokens.admin, 'a.pdf', await pdfWithText('x'));
    expect((await raw(t, tokens.admin, `/api/office/pdf?fileName=${encodeURIComponent(pdf.fileName)}`)).statusCode).toBe(400);
    expect((await raw(t, tokens.t2, `/api/office/pdf?fileName=${encodeURIComponent(docx.fileName)}`)).statusCode).toBe(404);
    expect((await raw(t, null, `/api/office/pdf?fileName=${encodeURIComponent(docx.fileName)}`)).statusCode).toBe(401);
  }, 120_000);
});

describe('文档管理 office actions (library files by resourceId): the node level on every call', () => {
  const grant = (id: number, level: string, userId: number) => as(t, tokens.admin).post('/api/system/resource/permissions/modify', { id, entries: [{ subjectType: 'user', subjectId: userId, level }] });
  const staffId = async () => (await as(t, tokens.admin).get('/api/system/user/list?userName=staff')).body.rows.find((u: { userName: string }) => u.userName === 'staff').userId as number;

  it.skipIf(!hasSoffice)('预览 needs view, 合并下载 download, 在线编辑 manage: 404 without view, 403 below the level; the merge reads the library file back', async () => {
    const staff = await staffId();
    const docId = await libraryUpload(tokens.admin, `预案${Date.now()}.docx`, docxWithText('Library docx merged here'));
    const pdfId = await libraryUpload(tokens.admin, `附图${Date.now()}.pdf`, await pdfWithText('Library PDF second'));
    const api = as(t, tokens.staff);
    const merge = (ids: number[]) => api.post('/api/office/merge/pdf', { fileName: '合并', resourceIds: ids });
    // No entry: neither file exists for staff.
    expect((await raw(t, tokens.staff, `/api/office/pdf?resourceId=${docId}`)).statusCode).toBe(404);
    expect((await merge([docId, pdfId])).status).toBe(404);
    expect((await api.get(`/api/office/editor?resourceId=${docId}`)).status).toBe(404);
    // View: the PDF preview, the editor read-only; merge (a download) and editing are refused.
    await grant(docId, 'view', staff);
    await grant(pdfId, 'view', staff);
    const preview = await raw(t, tokens.staff, `/api/office/pdf?resourceId=${docId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((await pdfPageTexts(preview.rawPayload))[0]).toContain('Library docx merged here');
    const refused = await merge([docId, pdfId]);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('当前操作没有权限');
    expect((await api.get(`/api/office/editor?resourceId=${docId}&edit=true`)).status).toBe(403);
    expect((await api.get(`/api/office/editor?resourceId=${docId}`)).body.data.mode).toBe('view');
    // Download on one file only: still refused as a whole.
    await grant(docId, 'download', staff);
    expect((await merge([docId, pdfId])).status).toBe(403);
    await grant(pdfId, 'download', staff);
    const merged = await merge([docId, pdfId]);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const texts = await pdfPageTexts((await raw(t, tokens.staff, merged.body.msg)).rawPayload);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Library docx merged here');
    expect(texts[1]).toContain('Library PDF second');
    expect((await api.get(`/api/office/editor?resourceId=${docId}&edit=true`)).status).toBe(403);
    // Manage: editing.
    await grant(docId, 'manage', staff);
    expect((await api.get(`/api/office/editor?resourceId=${docId}&edit=true`)).body.data.mode).toBe('edit');
    // Another tenant, a folder, an empty merge.
    expect((await as(t, tokens.t2).post('/api/office/merge/pdf', { resourceIds: [docId] })).status).toBe(404);
    const empty = await api.post('/api/office/merge/pdf', { resourceIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请选择要合并的文件');
  }, 120_000);
});

describe('without LibreOffice (SOFFICE_PATH names nothing)', () => {
  it('says so in Chinese: the status, the viewer PDF and a merge that needs conversion; PDFs and images still merge', async () => {
    const api = as(bare, tokens.bare);
    const status = await api.get('/api/office/status');
    expect(status.body.data).toEqual({ converter: false, converterMessage: NO_CONVERTER_MESSAGE, onlineEdit: false });
    expect(NO_CONVERTER_MESSAGE).toContain('未安装 LibreOffice');
    const docx = await upload(bare, tokens.bare, '说明.docx', docxWithText('x'));
    const pdf = await upload(bare, tokens.bare, 'p.pdf', await pdfWithText('only pdf'));
    const merge = await api.post('/api/office/merge/pdf', { urls: [pdf.url, docx.url] });
    expect(merge.status).toBe(503);
    expect(merge.body.msg).toBe(NO_CONVERTER_MESSAGE);
    const viewer = await api.get(`/api/office/pdf?fileName=${encodeURIComponent(docx.fileName)}`);
    expect(viewer.status).toBe(503);
    expect(viewer.body.msg).toBe(NO_CONVERTER_MESSAGE);
    const plain = await api.post('/api/office/merge/pdf', { urls: [pdf.url, docx.url].slice(0, 1) });
    expect(plain.status).toBe(200);
    // Types nothing can merge are refused by name.
    const zip = await upload(bare, tokens.bare, 'a.zip', 'zip');
    const refused = await api.post('/api/office/merge/pdf', { urls: [zip.url] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('只能合并 Office 文档、txt、PDF 和 png / jpg 图片，不支持：a.zip');
    // Online editing is hidden: no editor config without ONLYOFFICE.
    expect((await api.get(`/api/office/editor?fileName=${encodeURIComponent(docx.fileName)}`)).status).toBe(404);
  });

  it('the status needs sign-in; the converter is found on PATH when SOFFICE_PATH is unset', async () => {
    expect((await as(bare, null).get('/api/office/status')).status).toBe(401);
    const status = await as(t, tokens.admin).get('/api/office/status');
    expect(status.body.data.converter).toBe(hasSoffice);
    expect(status.body.data.onlineEdit).toBe(true);
  });
});

describe('online editing through ONLYOFFICE', () => {
  it('builds an HS256-signed editor config; edit needs the right to change the file; other tenants get 404', async () => {
    const docx = await upload(t, tokens.admin, '合同.docx', docxWithText('contract v1'));
    const res = await as(t, tokens.admin).get(`/api/office/editor?fileName=${encodeURIComponent(docx.fileName)}&edit=true`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { config, documentServerUrl, mode } = res.body.data;
    expect(documentServerUrl).toBe(fake.url);
    expect(mode).toBe('edit');
    const { token, ...unsigned } = config;
    expect(verifyJwt(token, fake.secret)).toEqual(unsigned);
    expect(verifyJwt(token, 'another-secret')).toBeNull();
    expect(config.document.fileType).toBe('docx');
    expect(config.document.title).toBe('合同.docx');
    expect(config.documentType).toBe('word');
    expect(config.editorConfig.callbackUrl.startsWith(`${BASE}/api/office/onlyoffice/callback?token=`)).toBe(true);
    // The Document Server fetches the document with the url's token, without a session; a changed token is refused.
    const docUrl: string = config.document.url;
    const fetched = await raw(t, null, docUrl.slice(BASE.length));
    expect(fetched.statusCode).toBe(200);
    expect(Buffer.compare(fetched.rawPayload, (await raw(t, tokens.admin, docx.url)).rawPayload)).toBe(0);
    expect((await raw(t, null, `${docUrl.slice(BASE.length)}x`)).statusCode).toBe(403);
    // The callback token is not a file token.
    const cbToken = new URL(config.editorConfig.callbackUrl).searchParams.get('token')!;
    expect((await raw(t, null, `/api/office/onlyoffice/file?token=${cbToken}`)).statusCode).toBe(403);

    // staff neither uploaded the file nor edits a record holding it: view only.
    expect((await as(t, tokens.staff).get(`/api/office/editor?fileName=${encodeURIComponent(docx.fileName)}&edit=true`)).status).toBe(403);
    const view = await as(t, tokens.staff).get(`/api/office/editor?fileName=${encodeURIComponent(docx.fileName)}`);
    expect(view.body.data.mode).toBe('view');
    expect(view.body.data.config.editorConfig.callbackUrl).toBeUndefined();
    expect((await as(t, tokens.t2).get(`/api/office/editor?fileName=${encodeURIComponent(docx.fileName)}&edit=true`)).status).toBe(404);
    const zip = await upload(t, tokens.admin, 'x.zip', 'zip');
    expect((await as(t, tokens.admin).get(`/api/office/editor?fileName=${encodeURIComponent(zip.fileName)}`)).status).toBe(400);
  });

  it('the save callback: status 2 replaces the upload, 1 is ignored, bad signatures and foreign urls are refused', async () => {
    const docx = await upload(t, tokens.admin, '方案.docx', docxWithText('plan v1'));
    const before = (await raw(t, tokens.admin, docx.url)).rawPayload;
    const cfg = (await as(t, tokens.admin).get(`/api/office/editor?fileName=${encodeURIComponent(docx.fileName)}&edit=true`)).body.data.config;
    const cbUrl: string = cfg.editorConfig.callbackUrl;
    const key: string = cfg.document.key;
    const edited = docxWithText('plan v2 edited online');
    const editedUrl = fake.serve(edited);

    // Status 1 (being edited): acknowledged, nothing written.
    const editing = await callback(cbUrl, fake.callbackBody({ key, status: 1 }));
    expect(editing.json()).toEqual({ error: 0 });
    expect(Buffer.compare((await raw(t, tokens.admin, docx.url)).rawPayload, before)).toBe(0);

    // Signed with another secret, or unsigned, or without our url token: refused, nothing written.
    expect((await callback(cbUrl, fake.callbackBody({ key, status: 2, url: editedUrl }, 'wrong-secret'))).statusCode).toBe(403);
    expect((await callback(cbUrl, { key, status: 2, url: editedUrl })).statusCode).toBe(403);
    expect((await callback(`${BASE}/api/office/onlyoffice/callback?token=${new URL(cfg.document.url).searchParams.get('token')}`, fake.callbackBody({ key, status: 2, url: editedUrl }))).statusCode).toBe(403);
    // A download url outside the configured Document Server (SSRF) is refused before any request.
    const foreign = await callback(cbUrl, fake.callbackBody({ key, status: 2, url: 'http://169.254.169.254/latest/meta-data' }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe('回调中的文件地址不属于已配置的在线编辑服务');
    expect(Buffer.compare((await raw(t, tokens.admin, docx.url)).rawPayload, before)).toBe(0);
    expect(fake.downloads).toHaveLength(0);

    // Status 2 (ready for saving): the edited bytes replace the file at its key.
    const saved = await callback(cbUrl, fake.callbackBody({ key, status: 2, url: editedUrl }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ error: 0 });
    expect(fake.downloads).toHaveLength(1);
    expect(Buffer.compare((await raw(t, tokens.admin, docx.url)).rawPayload, edited)).toBe(0);
    // The editor's next config has a new document key (new content), so no stale cache is opened.
    const next = (await as(t, tokens.admin).get(`/api/office/editor?fileName=${encodeURIComponent(docx.fileName)}&edit=true`)).body.data.config;
    expect(next.document.key).not.toBe(key);
  });

  it('status 6 (force save) on a library file writes a new version; the header-signed variant is accepted; rights follow the library', async () => {
    const id = await libraryUpload(tokens.admin, '制度.docx', docxWithText('rules v1'));
    expect((await as(t, tokens.staff).get(`/api/office/editor?resourceId=${id}&edit=true`)).status).toBe(404);
    expect((await as(t, tokens.t2).get(`/api/office/editor?resourceId=${id}`)).status).toBe(404);
    const cfg = (await as(t, tokens.admin).get(`/api/office/editor?resourceId=${id}&edit=true`)).body.data.config;
    const v2 = docxWithText('rules v2');
    const url = fake.serve(v2);
    const res = await callback(cfg.editorConfig.callbackUrl, { key: cfg.document.key, status: 6, url }, { authorization: fake.callbackHeader({ key: cfg.document.key, status: 6, url }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ error: 0 });
    const versions = await as(t, tokens.admin).get(`/api/system/resource/versions?id=${id}`);
    expect(versions.status).toBe(200);
    expect((versions.body.data as { version: number }[]).map((v) => v.version)).toEqual([2, 1]);
    const current = await raw(t, tokens.admin, `/api/system/resource/download?id=${id}`);
    expect(current.statusCode).toBe(200);
    expect(Buffer.compare(current.rawPayload, v2)).toBe(0);
  });
});
