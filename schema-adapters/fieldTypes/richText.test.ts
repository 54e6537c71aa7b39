/** The richText field type (issue 34 item 2): its schema, column, value rule, export, import and plain text. */
import { describe, expect, it } from 'vitest';
import { FIELD_TYPE_SPECS, toColumns, toFormilySchema, validateRecord, storageColumns } from '../index';
import { htmlToText } from '../cells/htmlText';
import { PALETTE_GROUPS } from './palette';
import { RICH_TEXT_MAX_LENGTH } from './text';

const field = { enName: 'body', label: '正文', funcType: 'richText' as const, required: true };
const def = { enName: 'notes', cnName: '通知', fields: [field] };
const ctx = { userId: 1, userName: 'admin', deptId: 1, roleKeys: ['admin'], roleNames: ['管理员'] };

describe('richText field type', () => {
  it('renders with the RichText component at the spec height and sits in the text palette group', () => {
    const schema = toFormilySchema(def as never) as { properties: Record<string, { properties?: Record<string, unknown> }> };
    const json = JSON.stringify(schema);
    expect(json).toContain('"x-component":"RichText"');
    expect(json).toContain('"height":700');
    const text = PALETTE_GROUPS.find((g) => g.family === 'text');
    expect(text?.types).toContainEqual({ funcType: 'richText', label: '富文本' });
  });

  it('is stored as one text column and listed as plain text, not sortable', () => {
    expect(storageColumns(def as never)).toContainEqual(expect.objectContaining({ name: 'body', kind: 'text' }));
    const column = toColumns(def as never).find((c) => c.key === 'body');
    expect(column).toMatchObject({ cell: 'richText', sortable: false });
  });

  it('requires a value and refuses non-text or oversized HTML', () => {
    expect(validateRecord(def as never, { body: null }, ctx)).toEqual([{ field: 'body', message: '正文不能为空' }]);
    expect(validateRecord(def as never, { body: '<p>好</p>' }, ctx)).toEqual([]);
    expect(validateRecord(def as never, { body: { html: 1 } }, ctx)[0]?.message).toContain('应为文本');
    const huge = `<p>${'a'.repeat(RICH_TEXT_MAX_LENGTH)}</p>`;
    expect(validateRecord(def as never, { body: huge }, ctx)[0]?.message).toContain(String(RICH_TEXT_MAX_LENGTH));
  });

  it('exports the plain text, neutralising formulas, and imports text as escaped paragraphs', () => {
    const spec = FIELD_TYPE_SPECS.richText;
    expect(spec.exportCell(field, { body: '<h1>标题</h1><p>第一段 <b>加粗</b></p><ul><li>一</li><li>二</li></ul>' })).toBe('标题\n第一段 加粗\n一\n二');
    expect(spec.exportCell(field, { body: '<p>=1+1</p>' })).toBe("'=1+1");
    expect(spec.exportCell(field, { body: '<p></p>' })).toBeNull();
    expect(spec.importCell!(field, { text: 'a<b>\n第二行' } as never)).toEqual({ values: { body: '<p>a&#60;b&#62;</p><p>第二行</p>' } });
  });

  it('htmlToText drops scripts and styles and decodes entities', () => {
    expect(htmlToText('<style>p{}</style><script>x()</script><p>A&amp;B&nbsp;&#20013;&#x6587;</p><br>C')).toBe('A&B 中文\nC');
    expect(htmlToText(null)).toBe('');
  });
});
