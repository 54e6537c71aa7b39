/** A richText field prints as its cleaned HTML (issue 34 item 2), other fields stay escaped text. */
import { describe, expect, it } from 'vitest';
import { toColumns } from '../../../schema-adapters/index.js';
import { fillTemplate } from './fillTemplate.js';

const def = { enName: 'notice', cnName: '通知', fields: [{ enName: 'body', label: '正文', funcType: 'richText' }, { enName: 'memo', label: '备注', funcType: 'input' }] };

describe('fillTemplate with a richText field', () => {
  it('inserts the cleaned HTML of the value and escapes plain fields', () => {
    const html = fillTemplate('<div>{{正文}}</div><p>{{memo}}</p>', {
      columns: toColumns(def as never),
      record: { body: '<h2>标题</h2><p onclick="x()"><strong>粗</strong><script>alert(1)</script></p>', memo: '<b>不是标签</b>' },
      system: {},
      qrImage: '',
    });
    expect(html).toContain('<h2>标题</h2>');
    expect(html).toContain('<strong>粗</strong>');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;b&#62;不是标签&#60;/b&#62;');
  });

  it('prints nothing for an empty value', () => {
    expect(fillTemplate('<div>{{正文}}</div>', { columns: toColumns(def as never), record: { body: null }, system: {}, qrImage: '' })).toBe('<div></div>');
  });
});
