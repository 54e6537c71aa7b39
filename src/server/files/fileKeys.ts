/**
 * File names and keys: uploaded names are sanitised; a key is `t{tenantId}/{yyyyMMdd}/{uuid}/{name}`,
 * so every file is scoped to its tenant and a download key can be checked without touching the store.
 */
import { randomUUID } from 'node:crypto';

const MAX_NAME_LENGTH = 120;
// Path separators, Windows-reserved characters, control characters and quotes never reach a key.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*;`$%#{}]/g;
const KEY_PATTERN = /^t(\d+)\/(\d{8})\/([0-9a-f-]{36})\/([^/\\]+)$/;

/** A safe file name from what the browser sent: last path segment, unsafe characters replaced, length capped. */
export function sanitizeFileName(raw: string | undefined | null): string {
  const last = String(raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = last.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  name = name.replace(/^\.+/, '').replace(/[. ]+$/, '');
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 12 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name || 'file';
}

/** A fresh key for a tenant's upload. */
export function newFileKey(tenantId: number, safeName: string, now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `t${tenantId}/${day}/${randomUUID()}/${safeName}`;
}

/**
 * The key of a job's output file: the job's id in place of a fresh uuid, so a job that is run
 * again after a kill names the same file and can find it already written (ADR 0807).
 */
export function jobFileKey(tenantId: number, jobId: string, safeName: string, created: Date): string {
  if (!/^[0-9a-f-]{36}$/.test(jobId)) throw new Error(`not a job id: ${jobId}`);
  const day = created.toISOString().slice(0, 10).replace(/-/g, '');
  return `t${tenantId}/${day}/${jobId}/${safeName}`;
}

/** The parts of a well-formed key, or null (anything else, including `..`, is refused). */
export function parseFileKey(key: string): { tenantId: number; name: string } | null {
  const m = KEY_PATTERN.exec(key);
  if (!m || m[4] === '.' || m[4] === '..' || m[4] !== sanitizeFileName(m[4])) return null;
  return { tenantId: Number(m[1]), name: m[4] };
}

/** The download URL of a key (what the upload answers as `url`). */
export function downloadUrl(key: string): string {
  return `/api/common/download?fileName=${encodeURIComponent(key)}`;
}
