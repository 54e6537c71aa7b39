import { describe, expect, it } from 'vitest';
import { isPageLeaving } from './pageLifecycle';

describe('page lifecycle', () => {
  it('says the page is being left from beforeunload or pagehide on, and live again when restored', () => {
    expect(isPageLeaving()).toBe(false);
    window.dispatchEvent(new Event('beforeunload'));
    expect(isPageLeaving()).toBe(true);
    window.dispatchEvent(new Event('pageshow'));
    expect(isPageLeaving()).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    expect(isPageLeaving()).toBe(true);
  });
});
