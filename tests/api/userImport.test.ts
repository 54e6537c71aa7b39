// User import: the template a user downloads, filled in and sent back, creates users who can sign in;
// a sheet with one bad row writes nothing; only .xls/.xlsx is taken.
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as, deptIdByName } from './support/api.js';

let t: TestApp;
let admin: string;

function sheet(rows: (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '用户数据');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

function upload(file: Buffer, filename: string, query = '') {
  const boundary = '----fwimport' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: `/api/system/user/importData${query}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, file, tail]),
  });
}

async function userNames(): Promise<string[]> {
  const res = await as(t, admin).get('/api/system/user/list?pageNum=1&pageSize=100');
  return res.body.rows.map((u: any) => u.userName);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

describe('user import', () => {
  it('offers a template whose header row names the columns', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/user/importTemplate', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['登录名称*', '用户名称*', '部门编号', '手机号码', '邮箱', '性别', '状态', '角色']);
  });

  it('imports filled-in rows; the new users sign in with the initial password and hold their role', async () => {
    const dept = await deptIdByName(t, admin, '项目一部');
    const header = ['登录名称*', '用户名称*', '部门编号', '手机号码', '邮箱', '性别', '状态', '角色'];
    const res = await upload(sheet([header, ['zhaoliu', '赵六', dept, '13911112222', 'zl@example.com', '男', '正常', '普通员工'], ['sunqi', '孙七', '', '', '', '女', '停用', '']]), 'users.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toContain('共 2 条');
    const token = await t.login('DEFAULT', 'zhaoliu', '123456');
    const info = await as(t, token).get('/api/getInfo');
    expect(info.body.roles).toEqual(['staff']);
    expect(info.body.user).toMatchObject({ nickName: '赵六', deptId: dept });
    await expect(t.login('DEFAULT', 'sunqi', '123456')).rejects.toThrow();
  });

  it('refuses the whole sheet when one row is bad, naming the line, and writes nothing', async () => {
    const before = await userNames();
    const header = ['登录名称*', '用户名称*', '部门编号'];
    const res = await upload(sheet([header, ['qianba', '钱八', ''], ['li si', '李四', ''], ['zhoujiu', '', ''], ['wushi', '吴十', 99999]]), 'users.xlsx');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual([
      { field: '第3行', message: expect.stringContaining('登录名称“li si”') },
      { field: '第4行', message: '用户名称不能为空' },
      { field: '第5行', message: '部门编号“99999”不存在' },
    ]);
    expect(await userNames()).toEqual(before);
  });

  it('refuses an existing user name unless updating is asked for, then updates it', async () => {
    const header = ['登录名称*', '用户名称*', '手机号码'];
    const refused = await upload(sheet([header, ['staff', '张工', '13700000000']]), 'u.xlsx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe('登录名称“staff”已存在');
    const updated = await upload(sheet([header, ['staff', '张工（改）', '13700000000']]), 'u.xlsx', '?updateSupport=true');
    expect(updated.statusCode).toBe(200);
    const list = await as(t, admin).get('/api/system/user/list?userName=staff');
    expect(list.body.rows[0]).toMatchObject({ nickName: '张工（改）', phonenumber: '13700000000' });
  });

  it('takes only .xls or .xlsx files', async () => {
    const res = await upload(Buffer.from('a,b\n1,2'), 'users.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('提示：仅允许导入“xls”或“xlsx”格式文件！');
  });

  it('is refused without the import permission', async () => {
    const staff = await t.login('DEFAULT', 'liuyang');
    const res = await as(t, staff).get('/api/system/user/importTemplate');
    expect(res.status).toBe(403);
  });
});
