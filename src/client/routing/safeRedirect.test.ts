import { describe, expect, it } from 'vitest';
import { redirectOfSearch, safeRedirect } from './safeRedirect';

describe('where sign-in leads (issue 27 item 6)', () => {
  it('keeps the page and its whole query', () => {
    const target = '/mmh5?formName=contract_ledger&formId=7&tenant=DEFAULT';
    expect(redirectOfSearch(`redirect=${encodeURIComponent(target)}`)).toBe(target);
    expect(safeRedirect('/system/user?x=1')).toBe('/system/user?x=1');
  });

  it('goes home without a redirect, and never to another site', () => {
    expect(redirectOfSearch('')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBe('/');
  });
});
