/**
 * The files a bundle call (merge, zip) names: each entry is a download URL as the upload answered
 * (`/api/common/download?fileName=…`) or the bare key. Only the caller's tenant's keys pass.
 */
import { badRequest, notFound } from '../http/HttpError.js';
import { parseFileKey } from './fileKeys.js';

/** The stored key named by `ref` (a download URL, absolute or not, or a bare key), or null when it names none. */
export function keyOfRef(ref: string): string | null {
  const text = ref.trim();
  const query = /^(?:https?:\/\/[^/]+)?(?:\/api)?\/common\/download\?(.*)$/.exec(text);
  const key = query ? new URLSearchParams(query[1]).get('fileName') : text;
  return key && parseFileKey(key) ? key : null;
}

/**
 * The keys of `refs` for `tenantId`, in order. A reference that names no key is a 400 (it cannot
 * be a probe: nothing is looked up); another tenant's key is a 404 like a missing file.
 */
export function tenantKeys(refs: readonly string[], tenantId: number): { key: string; name: string }[] {
  return refs.map((ref) => {
    const key = keyOfRef(ref);
    if (!key) throw badRequest(`文件地址不正确：${ref.slice(0, 200)}`);
    const parsed = parseFileKey(key)!;
    if (parsed.tenantId !== tenantId) throw notFound('文件不存在');
    return { key, name: parsed.name };
  });
}

/** Names made unique for one archive: `a.pdf`, `a (2).pdf`, … (case-insensitive, as file systems compare). */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
