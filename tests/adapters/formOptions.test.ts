// Form-level screen options (issue 13: the per-form quirks of the client became definition features).
import { describe, expect, it } from 'vitest';
import { formOptions } from '../../schema-adapters/index';
import { fixture } from './helpers';

describe('formOptions', () => {
  it('defaults to normal rows and the add page', () => {
    expect(formOptions(undefined)).toEqual({ compactRows: false, addMode: 'page' });
    expect(formOptions({ feature: { rowDensity: 'huge' as never, addMode: 'popup' as never } })).toEqual({ compactRows: false, addMode: 'page' });
  });

  it('gives the two stock-in demo forms compact rows and the stock-in drawer, and no other form', () => {
    expect(formOptions(fixture('auto_tzbk_btgl_btrk'))).toEqual({ compactRows: true, addMode: 'stockInDrawer' });
    expect(formOptions(fixture('auto_tzbk_btgl_wgbtrk'))).toEqual({ compactRows: true, addMode: 'stockInDrawer' });
    expect(formOptions(fixture('auto_pthp'))).toEqual({ compactRows: false, addMode: 'page' });
  });
});
