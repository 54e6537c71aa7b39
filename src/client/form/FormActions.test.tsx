import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormActions, type FormActionsProps } from './FormActions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

const base = (over: Partial<FormActionsProps>): FormActionsProps => ({
  showSave: true, showStash: false, showPush: false, showCopy: false, saving: false,
  onSave: vi.fn(), onStash: vi.fn(), onPush: vi.fn(), onCopy: vi.fn(), onBack: vi.fn(), ...over,
});
const ctrlS = () => {
  const e = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
  window.dispatchEvent(e);
  return e;
};

describe('Ctrl+S on a form page (issue 27 item 12)', () => {
  it('saves and keeps the browser from saving the page', async () => {
    const p = base({});
    await act(async () => root.render(<FormActions {...p} />));
    const e = ctrlS();
    expect(p.onSave).toHaveBeenCalledTimes(1);
    expect(e.defaultPrevented).toBe(true);
  });

  it('does nothing while saving or where 保存 is not offered', async () => {
    const saving = base({ saving: true });
    await act(async () => root.render(<FormActions {...saving} />));
    ctrlS();
    expect(saving.onSave).not.toHaveBeenCalled();
    const readOnly = base({ showSave: false });
    await act(async () => root.render(<FormActions {...readOnly} />));
    ctrlS();
    expect(readOnly.onSave).not.toHaveBeenCalled();
  });
});
