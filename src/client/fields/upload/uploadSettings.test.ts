import { describe, expect, it } from 'vitest';
import { builtinKind, microsoftCanPreview, onlinePreviewPath, previewAction } from './fileKinds';
import { cleanServiceUrl, MICROSOFT_VIEWER, uploadSettings } from './uploadSettings';

describe('uploadSettings', () => {
  it('defaults: no camera, no drag, built-in preview, no size override', () => {
    expect(uploadSettings({})).toEqual({ maxSizeMb: undefined, cameraEnabled: false, dragEnabled: false, cameraUrl: null, cameraDriverUrl: null, previewWay: 'builtin', previewUrlTemplate: MICROSOFT_VIEWER, preferObs: false, previewLoop: true });
    expect(uploadSettings({ 'sys.preview.img.loop': 'false' }).previewLoop).toBe(false);
  });
  it('reads the keys; only "true" switches on; bad URLs are ignored', () => {
    const s = uploadSettings({ 'sys.upload.enable.camera': 'true', 'sys.enable.drag.upload': '1', 'sys.upload.camera.url': 'http://127.0.0.1:38088/', 'sys.upload.camera.driver': 'javascript:alert(1)', 'sys.file.preview.way': 'Microsoft', 'sys.upload.maxSize': '20' });
    expect(s).toMatchObject({ cameraEnabled: true, dragEnabled: false, cameraUrl: 'http://127.0.0.1:38088', cameraDriverUrl: null, previewWay: 'microsoft', maxSizeMb: 20 });
    expect(cleanServiceUrl('ftp://x')).toBeNull();
    expect(cleanServiceUrl('not a url')).toBeNull();
    expect(cleanServiceUrl(' https://cam.local:9000/api// ')).toBe('https://cam.local:9000/api');
  });
});

describe('fileKinds', () => {
  const base = { previewWay: 'builtin' as const, previewUrlTemplate: MICROSOFT_VIEWER, preferObs: false };
  const file = (name: string, size = 100) => ({ name, size, url: `/api/common/download?fileName=k%2F${name}`, fileName: `k/${name}` });
  it('built-in kinds', () => {
    expect(['a.docx', 'a.XLSX', 'a.xls', 'a.csv', 'a.pdf', 'a.txt', 'a.png', 'a.doc', 'a.pptx', 'a.zip'].map(builtinKind)).toEqual(['docx', 'sheet', 'sheet', 'sheet', 'pdf', 'text', 'image', 'office', 'office', null]);
    expect(onlinePreviewPath('T2', 'k/a.docx', true)).toBe(`/online-preview?tenant=T2&fileId=${encodeURIComponent('k/a.docx')}&edit=true`);
  });
  it('images open the viewer; office files the built-in route; unknown types download', () => {
    expect(previewAction(file('a.jpg'), base, 'T2', 'http://h')).toEqual({ kind: 'image' });
    expect(previewAction(file('报告.docx'), base, 'T2', 'http://h')).toEqual({ kind: 'tab', url: onlinePreviewPath('T2', 'k/报告.docx') });
    expect(onlinePreviewPath('T2', 'k/报告.docx')).toBe(`/online-preview?tenant=T2&fileId=${encodeURIComponent('k/报告.docx')}`);
    expect(previewAction(file('a.zip'), base, 'T2', 'http://h')).toEqual({ kind: 'download' });
  });
  it('the Microsoft viewer gets the absolute URL, within the size limits of spec 02 §9', () => {
    const ms = { ...base, previewWay: 'microsoft' as const };
    expect(previewAction(file('a.docx'), ms, 'DEFAULT', 'http://h:8080')).toEqual({ kind: 'tab', url: MICROSOFT_VIEWER.replace('{url}', encodeURIComponent('http://h:8080/api/common/download?fileName=k%2Fa.docx')) });
    expect(previewAction(file('a.docx', 10_485_760), ms, 'DEFAULT', 'http://h')).toEqual({ kind: 'download' });
    expect(microsoftCanPreview('a.xlsx', 5_242_879)).toBe(true);
    expect(microsoftCanPreview('a.xlsx', 5_242_880)).toBe(false);
    expect(microsoftCanPreview('a.txt', 1)).toBe(false);
    expect(previewAction(file('a.txt'), ms, 'DEFAULT', 'http://h').kind).toBe('tab');
  });
});

describe('renamedFile', async () => {
  const { renamedFile, storedNameOf } = await import('./fileNames');
  it('keeps the extension, refuses empty and unsafe names', () => {
    expect(renamedFile('合同.pdf', ' 正式合同 ')).toEqual({ name: '正式合同.pdf' });
    expect(renamedFile('合同.pdf', '正式合同.PDF')).toEqual({ name: '正式合同.PDF' });
    expect(renamedFile('合同.pdf', '正式合同.pdf')).toEqual({ name: '正式合同.pdf' });
    expect(renamedFile('README', 'notes')).toEqual({ name: 'notes' });
    expect(renamedFile('a.pdf', '  ')).toEqual({ error: '请输入新文件名' });
    expect(renamedFile('a.pdf', '../x')).toHaveProperty('error');
    expect(renamedFile('a.pdf', 'x'.repeat(130))).toHaveProperty('error');
    expect(storedNameOf('t1/20260101/uuid/a b.docx')).toBe('a b.docx');
  });
});
