/** Renaming a file (重命名): the display name stored in the field value; the stored key keeps its name. Pure. */
import { extOf } from './fileKinds';

// Control characters are refused too, hence the range.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f]/;

/** The new display name for `input`, keeping the old extension when the input has none; or the error to show. */
export function renamedFile(oldName: string, input: string): { name: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: '请输入新文件名' };
  if (FORBIDDEN.test(text)) return { error: '文件名不能包含 \\ / : * ? " < > | 等字符' };
  const ext = extOf(oldName);
  const name = ext && extOf(text) !== ext ? `${text}.${ext}` : text;
  if (name.length > 120) return { error: '文件名不能超过120个字符' };
  return { name };
}

/** The stored name inside a key `t1/yyyyMMdd/uuid/name` (what decides the file's type). */
export function storedNameOf(fileName: string): string {
  return fileName.slice(fileName.lastIndexOf('/') + 1);
}
