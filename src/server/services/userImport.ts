/**
 * User import from a spreadsheet: the template's columns, reading and checking every row, and
 * writing them all in one transaction (a sheet with one bad row writes nothing).
 */
import * as XLSX from 'xlsx';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FieldError } from '../../shared/envelope.js';
import { listDepts } from '../repositories/deptRepository.js';
import { roleOptions } from '../repositories/roleRepository.js';
import { findUserIdsByName, insertUser, setUserRoles, updateUser } from '../repositories/userRepository.js';
import { hashPassword } from './userService.js';
import { badRequest } from '../http/HttpError.js';
import { IMPORT_LIMITS, LIMIT_MESSAGES } from '../records/io/importLimits.js';
import { checkXlsxBytes } from '../records/io/zipDirectory.js';

/** Headers of the template, in order; `*` marks a required column. */
export const USER_IMPORT_HEADERS = ['登录名称*', '用户名称*', '部门编号', '手机号码', '邮箱', '性别', '状态', '角色'] as const;

/** Most rows one import accepts. */
export const MAX_IMPORT_ROWS = 1000;

const SEX = { 男: '0', 女: '1', 未知: '2' } as Record<string, string>;
const STATUS = { 正常: '0', 停用: '1' } as Record<string, string>;
const USER_NAME = /^[A-Za-z0-9_.@-]{2,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One checked row, ready to write. */
export interface ImportUserRow {
  line: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  phonenumber: string;
  email: string;
  sex: string;
  status: string;
  roleIds: number[];
}

/** The empty template with one example row, as .xlsx bytes. */
export function userImportTemplate(): Buffer {
  const example = ['zhangsan', '张三', '', '13800000000', 'zhangsan@example.com', '男', '正常', '普通员工'];
  const sheet = XLSX.utils.aoa_to_sheet([[...USER_IMPORT_HEADERS], example]);
  sheet['!cols'] = USER_IMPORT_HEADERS.map(() => ({ wch: 15 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '用户数据');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** What a users file may inflate to: a 1,000-row sheet is far smaller (issue 26 item 3). */
const USER_FILE_INFLATED = 16 * 1024 * 1024;

/**
 * Reads the first sheet as rows of cell texts keyed by header (without the `*`). An `.xlsx` is
 * checked first (zip directory, limits and its actual inflated size: zipDirectory.ts), so SheetJS,
 * which reads the whole book into memory, only ever sees a small one; rows past MAX_IMPORT_ROWS + 1
 * are not parsed (the caller refuses the file then), and a sheet wider than IMPORT_LIMITS.columns is refused.
 */
export function readSheet(bytes: Buffer): Record<string, string>[] {
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') checkXlsxBytes(bytes, USER_FILE_INFLATED);
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'buffer', sheetRows: MAX_IMPORT_ROWS + 2, sheets: 0 });
  } catch {
    return [];
  }
  const first = book.SheetNames[0];
  if (!first || !book.Sheets[first]) return [];
  const ws = book.Sheets[first];
  const range = XLSX.utils.decode_range(ws['!ref'] ?? 'A1');
  if (range.e.c + 1 > IMPORT_LIMITS.columns) throw badRequest(LIMIT_MESSAGES.columns);
  const raw = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[first], { defval: '', raw: false });
  return raw.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k.replace(/\*$/, '').trim(), String(v ?? '').trim()])));
}

/** Checks every row against the tenant's departments, roles and users; lists every problem by line. */
export async function checkImportRows(
  db: Kysely<Database>,
  tenantId: number,
  rows: Record<string, string>[],
  updateSupport: boolean,
): Promise<{ rows: ImportUserRow[]; errors: FieldError[]; existing: Map<string, number> }> {
  const deptIds = new Set((await listDepts(db, tenantId)).map((d) => d.deptId));
  const roleByName = new Map((await roleOptions(db, tenantId)).map((r) => [r.roleName, r.roleId]));
  const names = rows.map((r) => r['登录名称']).filter(Boolean);
  const existingUsers = names.length ? await findUserIdsByName(db, tenantId, names) : [];
  const existing = new Map(existingUsers.map((u) => [u.userName, u.userId]));
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const checked: ImportUserRow[] = [];
  rows.forEach((r, i) => {
    const line = i + 2;
    const fail = (message: string) => errors.push({ field: `第${line}行`, message });
    const userName = r['登录名称'] ?? '';
    const nickName = r['用户名称'] ?? '';
    if (!userName) return fail('登录名称不能为空');
    if (!USER_NAME.test(userName)) return fail(`登录名称“${userName}”只能是 2–30 位字母、数字或 _.@-`);
    if (seen.has(userName)) return fail(`登录名称“${userName}”在表中重复`);
    seen.add(userName);
    if (existing.has(userName) && !updateSupport) return fail(`登录名称“${userName}”已存在`);
    if (!nickName) return fail('用户名称不能为空');
    if (nickName.length > 30) return fail('用户名称不能超过30个字符');
    const deptText = r['部门编号'] ?? '';
    const deptId = deptText ? Number(deptText) : null;
    if (deptText && (!Number.isInteger(deptId) || !deptIds.has(deptId as number))) return fail(`部门编号“${deptText}”不存在`);
    const email = r['邮箱'] ?? '';
    if (email && (!EMAIL.test(email) || email.length > 50)) return fail(`邮箱“${email}”格式不正确`);
    const phonenumber = r['手机号码'] ?? '';
    if (phonenumber.length > 20) return fail('手机号码不能超过20个字符');
    const sexText = r['性别'] || '未知';
    if (!Object.hasOwn(SEX, sexText)) return fail(`性别只能是 男、女 或 未知`);
    const statusText = r['状态'] || '正常';
    if (!Object.hasOwn(STATUS, statusText)) return fail(`状态只能是 正常 或 停用`);
    const roleNames = (r['角色'] ?? '').split(/[,，、]/).map((s) => s.trim()).filter(Boolean);
    const unknownRole = roleNames.find((n) => !roleByName.has(n));
    if (unknownRole) return fail(`角色“${unknownRole}”不存在`);
    checked.push({ line, userName, nickName, deptId, phonenumber, email, sex: SEX[sexText], status: STATUS[statusText], roleIds: roleNames.map((n) => roleByName.get(n)!) });
  });
  return { rows: checked, errors, existing };
}

/** Writes checked rows: new users get the initial password; existing ones are updated (roles replaced when given). */
export async function writeImportRows(
  trx: Kysely<Database>,
  tenantId: number,
  rows: ImportUserRow[],
  existing: Map<string, number>,
  initPassword: string,
  by: string,
): Promise<{ added: number; updated: number }> {
  const hash = await hashPassword(initPassword);
  let added = 0;
  let updated = 0;
  for (const r of rows) {
    const fields = { nickName: r.nickName, deptId: r.deptId, email: r.email, phonenumber: r.phonenumber, sex: r.sex, status: r.status };
    const id = existing.get(r.userName);
    if (id !== undefined) {
      await updateUser(trx, tenantId, id, fields, by);
      if (r.roleIds.length) await setUserRoles(trx, tenantId, id, r.roleIds);
      updated++;
    } else {
      const userId = await insertUser(trx, tenantId, r.userName, hash, fields, by);
      await setUserRoles(trx, tenantId, userId, r.roleIds);
      added++;
    }
  }
  return { added, updated };
}
