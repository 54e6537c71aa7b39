import { Form, Input } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditDialog } from './EditDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
beforeEach(() => {
  document.body.innerHTML = '<div id="host"></div>';
  root = createRoot(document.getElementById('host')!);
});
afterEach(async () => {
  await act(async () => root.unmount());
});

async function open(props: { title?: string; saving?: boolean; onClose?: () => void }) {
  await act(async () => {
    root.render(
      <EditDialog<{ name: string }> title={props.title} value={{ name: '甲' }} saving={props.saving ?? false} onSave={async () => {}} onClose={props.onClose ?? (() => {})}>
        {() => <Form.Item name="name" label="名称"><Input /></Form.Item>}
      </EditDialog>,
    );
  });
}

describe('generic dialog (spec 02 §2.5, issue 27 item 10)', () => {
  it('is 480 px wide and titled 提示 when no title is given; a given title is kept', async () => {
    await open({});
    const modal = document.querySelector<HTMLElement>('.ant-modal')!;
    expect(modal.style.width).toBe('480px');
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('提示');
    await open({ title: '修改参数' });
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('修改参数');
  });

  it('offers 取消 and 确定, and shows 确定 loading while saving', async () => {
    await open({ saving: true });
    const buttons = Array.from(document.querySelectorAll('.ant-modal-footer button')).map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(['取消', '确定']);
    expect(document.querySelector('.ant-modal-footer .ant-btn-primary')?.className).toMatch(/ant-btn-loading/);
  });
});
