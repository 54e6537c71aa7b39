import { describe, expect, it } from 'vitest';
import { linkTarget } from './openLink';

describe('linkTarget', () => {
  it('saves an export result through the authenticated download, opens pages and sites otherwise', () => {
    expect(linkTarget('/api/common/download?fileName=t1%2F20261123%2Fabc%2Fa.xlsx')).toEqual({ kind: 'download', url: '/api/common/download?fileName=t1%2F20261123%2Fabc%2Fa.xlsx' });
    expect(linkTarget('/msg/detail')).toEqual({ kind: 'internal', path: '/msg/detail' });
    expect(linkTarget('https://example.com/x')).toEqual({ kind: 'external', url: 'https://example.com/x' });
    expect(linkTarget('//evil.example')).toEqual({ kind: 'none' });
    expect(linkTarget('  ')).toEqual({ kind: 'none' });
  });
});
