/** The template calls send only a template's own fields: the add, edit and preview bodies are closed. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { previewPrintTemplate, savePrintTemplate, type PrintTemplate } from './print';

const { post } = vi.hoisted(() => ({ post: vi.fn(async (..._args: unknown[]) => ({ data: null })) }));
vi.mock('./http', () => ({ get: vi.fn(), post }));

const stored: PrintTemplate = {
  id: 7, formName: 'contract_ledger', name: '标准', paper: 'A4', orientation: 'portrait',
  marginTop: 15, marginRight: 15, marginBottom: 15, marginLeft: 15, header: '{{$form}}', footer: '', body: '<p>{{id}}</p>',
  kind: 'html', layout: null, docxName: 'a.docx', createBy: 'admin', createTime: '2026-11-24T00:00:00.000Z', updateBy: 'admin', updateTime: '2026-11-24T00:00:00.000Z',
};
const own = { formName: 'contract_ledger', name: '标准', paper: 'A4', orientation: 'portrait', marginTop: 15, marginRight: 15, marginBottom: 15, marginLeft: 15, header: '{{$form}}', footer: '', body: '<p>{{id}}</p>' };

beforeEach(() => post.mockClear());

describe('print template calls', () => {
  it('an edit of a listed template sends its id and own fields, not who and when', async () => {
    await savePrintTemplate({ ...stored, layout: null });
    expect(post).toHaveBeenCalledWith('/print/template/edit', { id: 7, ...own });
  });
  it('an add sends the own fields only; a preview adds the record', async () => {
    const { id: _id, ...rest } = stored;
    await savePrintTemplate({ ...rest, layout: null });
    expect(post).toHaveBeenCalledWith('/print/template', own);
    await previewPrintTemplate({ ...stored, layout: null }, 3);
    expect(post).toHaveBeenLastCalledWith('/print/template/preview', { ...own, recordId: 3 });
  });
});
