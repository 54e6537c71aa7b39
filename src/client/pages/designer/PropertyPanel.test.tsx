// Issue 27 item 7: 选项来源 is a choice among the sources the definition format allows (固定选项 /
// 常量列表), not a number box; the chosen value is the stored `selectMode` and the definition validates.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../../schema-adapters/definition/validateDefinition';
import type { DraftField } from './draft';
import { PropertyPanel } from './PropertyPanel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

const choiceField = (extra: Partial<DraftField> = {}): DraftField => ({ __key: 'k1', enName: 'kind', label: '类别', funcType: 'select', span: 24, selectMode: 0, options: [{ label: '甲', value: 'a' }], ...extra });

async function render(field: DraftField, patches: Record<string, unknown>[]) {
  await act(async () => root.render(<PropertyPanel field={field} path="fields[0]" problems={[]} onChange={(p) => patches.push(p)} />));
}

/** The 选项来源 Select: its shown choice, and picking one. */
const sourceSelect = () => host.querySelector<HTMLInputElement>('input[aria-label="选项来源"]')!.closest('.ant-select')!;
const shown = () => sourceSelect().querySelector('.ant-select-selection-item')?.textContent;
async function pick(text: string) {
  await act(async () => { sourceSelect().querySelector('.ant-select-selector')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })); });
  const option = await expect.poll(() => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === text)).toBeTruthy().then(() => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === text)!);
  await act(async () => { option.click(); });
}

describe('选项来源', () => {
  it('offers 固定选项 and 常量列表 in words, with no raw key, and stores the chosen selectMode', async () => {
    const patches: Record<string, unknown>[] = [];
    await render(choiceField(), patches);
    expect(shown()).toBe('固定选项');
    expect(host.textContent).not.toMatch(/selectMode|configDataId/);
    expect(host.textContent).toContain('常量列表编号');
    await pick('常量列表');
    expect(patches.at(-1)).toEqual({ selectMode: 1 });
    const edited = { ...choiceField(), ...patches.at(-1), configDataId: '12' };
    const { __key: _k, ...field } = edited;
    expect(validateDefinition({ enName: 'demo', cnName: '示例', fields: [field] })).toEqual([]);
  });

  it('shows a stored source as its choice (also a text "1" from an import, and none as 固定选项)', async () => {
    const patches: Record<string, unknown>[] = [];
    await render(choiceField({ selectMode: 1, configDataId: 4533 }), patches);
    expect(shown()).toBe('常量列表');
    await render(choiceField({ __key: 'k2', selectMode: '1' as unknown as number, configDataId: 4533 }), patches);
    expect(shown()).toBe('常量列表');
    await render(choiceField({ __key: 'k3', selectMode: undefined }), patches);
    expect(shown()).toBe('固定选项');
    await pick('常量列表');
    expect(patches.at(-1)).toEqual({ selectMode: 1 });
  });
});
