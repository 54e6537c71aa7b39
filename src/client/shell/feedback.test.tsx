// The pages' feedback before and after antd's feedback chunk has loaded (ADR 0410): calls made
// while it loads show in order, answers work, and everything draws in the one shared host.
import { describe, expect, it } from 'vitest';
import { feedback, setFeedbackHost } from '../feedback/useFeedback';
import { lazyFeedback, loadFeedbackApp } from './lazyFeedback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const texts = (selector: string) => [...document.querySelectorAll(selector)].map((n) => n.textContent);

describe('useFeedback', () => {
  it('shows calls made before the chunk loaded, in order; a message closed meanwhile never shows', async () => {
    setFeedbackHost(loadFeedbackApp);
    const { message, modal } = feedback;
    void message.success('第一条');
    const closed = message.loading('不会出现', 0);
    void message.warning('第二条');
    closed();
    const answer = modal.confirm({ title: '系统提示', content: '是否确认？', okText: '确定', cancelText: '取消' });
    expect(document.querySelector('.ant-message-notice')).toBeNull();

    // The first call fetches the chunk (slow under vitest's on-demand transform).
    await expect.poll(() => texts('.ant-message-notice-content'), { timeout: 15_000 }).toEqual(['第一条', '第二条']);
    await expect.poll(() => document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('是否确认？');

    answer.update({ content: '改过的内容' });
    await expect.poll(() => document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('改过的内容');
    const confirmed = answer.then((ok) => ok, () => undefined);
    [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button')].find((b) => b.textContent?.replace(/\s/g, '') === '确定')!.click();
    await expect(confirmed).resolves.toBe(true);
  });

  it('draws in the same holder as the HTTP client, and a message resolves when it closes', async () => {
    const { message } = feedback;
    const shown = message.info('第三条', 0.05);
    lazyFeedback.toast('第四条');
    await expect.poll(() => texts('.ant-message-notice-content').filter((t) => t === '第三条' || t === '第四条')).toEqual(['第三条', '第四条']);
    expect(document.querySelectorAll('.ant-message')).toHaveLength(1);
    await expect(new Promise((resolve) => void shown.then(resolve))).resolves.toBe(true);
  });
});
