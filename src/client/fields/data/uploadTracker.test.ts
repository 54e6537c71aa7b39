import { describe, expect, it } from 'vitest';
import { createUploadTracker } from './uploadTracker';

describe('upload tracker', () => {
  it('is busy while any upload runs, and an end counted twice does not free another upload', () => {
    const t = createUploadTracker();
    expect(t.busy()).toBe(false);
    const a = t.begin();
    const b = t.begin();
    a();
    a();
    expect(t.busy()).toBe(true);
    b();
    expect(t.busy()).toBe(false);
  });
});
