import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/HttpError.js';
import { cameraOrigin } from './cameraCsp.js';
import { keyOfRef, tenantKeys, uniqueNames } from './fileRefs.js';
import { imagePlacement, isMergeable } from './mergePdf.js';

const KEY = 't1/20260101/0f8fad5b-d9cb-469f-a165-70867728950e/合同.pdf';

describe('fileRefs', () => {
  it('takes a download URL (relative or absolute) or a bare key', () => {
    expect(keyOfRef(KEY)).toBe(KEY);
    expect(keyOfRef(`/api/common/download?fileName=${encodeURIComponent(KEY)}`)).toBe(KEY);
    expect(keyOfRef(`http://host:8080/api/common/download?fileName=${encodeURIComponent(KEY)}&inline=true`)).toBe(KEY);
  });
  it('names nothing for traversal, other paths or malformed keys', () => {
    for (const ref of ['../../etc/passwd', 't1/20260101/../../x', `t1/20260101/0f8fad5b-d9cb-469f-a165-70867728950e/..`, '/api/other?fileName=' + KEY, 't1/2026/x/y.pdf', '']) expect(keyOfRef(ref), ref).toBeNull();
  });
  it('keeps only the tenant\'s keys: 400 for a bad reference, 404 for another tenant', () => {
    expect(tenantKeys([KEY], 1)).toEqual([{ key: KEY, name: '合同.pdf' }]);
    const fail = (refs: string[], tenant: number) => {
      try {
        tenantKeys(refs, tenant);
      } catch (e) {
        return (e as HttpError).status;
      }
      return 200;
    };
    expect(fail([KEY], 2)).toBe(404);
    expect(fail(['../x'], 1)).toBe(400);
  });
  it('makes archive names unique, case-insensitively', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b', 'b (2)']);
  });
});

describe('merge and camera helpers', () => {
  it('merges PDFs and png / jpg only', () => {
    expect(['a.PDF', 'b.png', 'c.jpeg', 'd.docx', 'e.webp', 'f'].map(isMergeable)).toEqual([true, true, true, false, false, false]);
  });
  it('fits an image on A4, landscape for wide ones, never enlarged', () => {
    expect(imagePlacement(100, 50)).toMatchObject({ page: [841.89, 595.28], width: 100, height: 50 });
    const big = imagePlacement(2000, 4000);
    expect(big.page).toEqual([595.28, 841.89]);
    expect(big.height).toBeCloseTo(841.89 - 48);
    expect(big.x).toBeCloseTo((595.28 - big.width) / 2);
  });
  it('a camera origin only from an http(s) URL', () => {
    expect(cameraOrigin(' http://127.0.0.1:38088/path ')).toBe('http://127.0.0.1:38088');
    expect(cameraOrigin("http://a.b'; script-src *")).toBeNull();
    expect(cameraOrigin('javascript:alert(1)')).toBeNull();
    expect(cameraOrigin('')).toBeNull();
  });
});
