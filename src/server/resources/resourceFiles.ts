/**
 * Store keys of resource files: `t{tenantId}/res/{uuid}/{name}`. They are outside the upload
 * key pattern (fileKeys.ts, a date where `res` stands), so `/api/common/download` and every other
 * files call refuse them as malformed: a library file is only served by the resource calls, which
 * check the node's permissions (ADR 1044).
 */
import { randomUUID } from 'node:crypto';

/** A fresh key for a version of a tenant's library file (`safeName` already sanitised). */
export function resourceFileKey(tenantId: number, safeName: string): string {
  return `t${tenantId}/res/${randomUUID()}/${safeName}`;
}

/** File types the preview call shows in place: images, PDF and plain text (no script can run in them). */
export function isPreviewable(name: string): boolean {
  return /\.(png|jpe?g|gif|webp|pdf|txt)$/i.test(name);
}

// Separators, Windows-reserved and control characters: a name must be usable as a file name.
// eslint-disable-next-line no-control-regex
const BAD_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*]/;

/** Why a folder or file name is refused, or null. */
export function nameProblem(name: string): string | null {
  if (!name) return '名称不能为空';
  if (BAD_NAME.test(name) || name === '.' || name === '..') return '名称不能包含特殊字符：\\ / : * ? " < > |';
  return null;
}
