// Issue 11 items 6 and 8: names PostgreSQL or JavaScript already use, the column limit, and file entries.
import { describe, expect, it } from 'vitest';
import { fileListProblems, validateDefinition, validateRecord } from '../../schema-adapters/index';

const withFields = (fields: unknown[]) => ({ enName: 'limits', cnName: '限制', fields });
const ctx = { userId: 1, userName: 'admin', deptId: 1, roleKeys: ['admin'], roleNames: ['管理员'] };

describe('validateDefinition: reserved names and the column limit', () => {
  it('refuses every PostgreSQL system column name as a field name, in the main form and in sub-forms', () => {
    for (const name of ['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'oid']) {
      expect(validateDefinition(withFields([{ enName: name, label: 'X', funcType: 'input' }])), name).toEqual([
        { path: 'fields[0].enName', message: `字段英文名 “${name}” 是数据库的系统列名，不能使用` },
      ]);
      const sub = validateDefinition(withFields([{ enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: name, label: 'X', funcType: 'input' }] }]));
      expect(sub.map((p) => p.path), name).toEqual(['fields[0].children[0].enName']);
    }
  });

  it('refuses form and field names starting with pg_, which PostgreSQL resolves in its catalogue first (issue 26)', () => {
    for (const name of ['pg_class', 'pg_views', 'pg_roles', 'pg_settings', 'pg_namespace', 'pg_stat_user_tables', 'pg_stat_activity']) {
      expect(validateDefinition({ enName: name, cnName: '目录', fields: [{ enName: 'a', label: 'A', funcType: 'input' }] }), name).toEqual([
        { path: 'enName', message: `表单英文名 “${name}” 不能以 pg_ 开头（数据库系统保留的前缀）` },
      ]);
      expect(validateDefinition(withFields([{ enName: name, label: 'X', funcType: 'input' }])), name).toEqual([
        { path: 'fields[0].enName', message: `字段英文名 “${name}” 不能以 pg_ 开头（数据库系统保留的前缀）` },
      ]);
      const sub = validateDefinition(withFields([{ enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: name, label: 'X', funcType: 'input' }] }]));
      expect(sub.map((p) => p.path), name).toEqual(['fields[0].children[0].enName']);
    }
    // Only the prefix: a name merely containing pg stays usable.
    expect(validateDefinition({ enName: 'upg_x', cnName: '表', fields: [{ enName: 'pgx', label: 'X', funcType: 'input' }] })).toEqual([]);
  });

  it('refuses constructor, which every JavaScript object answers', () => {
    expect(validateDefinition(withFields([{ enName: 'constructor', label: 'X', funcType: 'input' }]))[0]).toEqual({ path: 'fields[0].enName', message: '字段英文名 “constructor” 是保留名称，不能使用' });
    // Near misses stay usable.
    expect(validateDefinition(withFields([{ enName: 'ctid_no', label: 'X', funcType: 'input' }, { enName: 'oids', label: 'Y', funcType: 'input' }]))).toEqual([]);
  });

  it('refuses a form whose table would pass 1600 columns, and accepts one just below', () => {
    const inputs = (n: number) => Array.from({ length: n }, (_, i) => ({ enName: `f${i}`, label: `字段${i}`, funcType: 'input' }));
    expect(validateDefinition(withFields(inputs(1589)))).toEqual([]);
    expect(validateDefinition(withFields(inputs(1590)))).toEqual([{ path: 'fields', message: '表单的字段需要 1590 个数据列，超过数据库每表最多 1589 个数据列的限制，请减少字段或拆分到子表' }]);
    const big = validateDefinition(withFields(inputs(3000)));
    expect(big).toHaveLength(1);
    expect(big[0].message).toContain('3000');
    // A select needs two columns (value and $view): 800 of them pass the limit too.
    const selects = Array.from({ length: 800 }, (_, i) => ({ enName: `s${i}`, label: `选择${i}`, funcType: 'select', selectMode: 0, options: [{ label: '甲', value: 'a' }] }));
    expect(validateDefinition(withFields(selects))[0].message).toContain('1600');
    const sub = validateDefinition(withFields([{ enName: 'lines', label: '明细', funcType: 'subForm', children: inputs(1596) }]));
    expect(sub).toEqual([{ path: 'fields[0].children', message: '子表「明细」的字段需要 1596 个数据列，超过数据库每表最多 1595 个数据列的限制，请减少字段或拆分到子表' }]);
  });
});

describe('file entries (issue 11 item 6)', () => {
  const def = {
    enName: 'files', cnName: '附件', fields: [
      { enName: 'att', label: '附件', funcType: 'upload' as const },
      { enName: 'secret', label: '隐藏附件', funcType: 'upload' as const, hideCondition: 'true' },
      { enName: 'lines', label: '明细', funcType: 'subForm' as const, children: [{ enName: 'pic', label: '图片', funcType: 'idCard' as const, hideCondition: 'true' }] },
    ],
  };
  const good = { name: '合同.pdf', fileName: 't1/20260101/0f8fad5b-d9cb-469f-a165-70867728950e/合同.pdf', url: '/api/common/download?fileName=x' };

  it('validateRecord refuses an entry without fileName, a null entry and a list of empties', () => {
    const { fileName: _gone, ...noKey } = good;
    expect(validateRecord(def, { att: [good] }, ctx)).toEqual([]);
    expect(validateRecord(def, { att: [noKey] }, ctx)).toEqual([{ field: 'att', message: '附件的文件信息不正确' }]);
    expect(validateRecord(def, { att: [null] }, ctx)).toEqual([{ field: 'att', message: '附件的文件信息不正确' }]);
    expect(validateRecord(def, { att: [{ ...good, fileName: 42 }] }, ctx)).toEqual([{ field: 'att', message: '附件的文件信息不正确' }]);
  });

  it('fileListProblems checks hidden fields and hidden sub-form cells too (what validateRecord skips)', () => {
    const { fileName: _gone, ...noKey } = good;
    const data = { att: [good], secret: [noKey], lines: [{ pic: [good] }, { pic: [{ name: 'x' }] }] };
    expect(validateRecord(def, data, ctx)).toEqual([]);
    expect(fileListProblems(def, data)).toEqual([
      { field: 'secret', message: '隐藏附件的文件信息不正确' },
      { field: 'lines.1.pic', message: '图片的文件信息不正确' },
    ]);
    expect(fileListProblems(def, { att: null, lines: [{ pic: [] }] })).toEqual([]);
  });
});
