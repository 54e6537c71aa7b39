/** The portal's paths (spec 02 §2.2) parse to what each page shows, and item links round-trip. */
import { describe, expect, it } from 'vitest';
import { itemPath, portalView, sectionPath } from './portalRoutes';

describe('portalView', () => {
  it('parses every route of spec 02 §2.2', () => {
    expect(portalView('/portal')).toEqual({ kind: 'home' });
    expect(portalView('/portal/')).toEqual({ kind: 'home' });
    expect(portalView('/portal/group-profile')).toEqual({ kind: 'section', section: 'profile', form: undefined });
    expect(portalView('/portal/group-profile/jtjj')).toEqual({ kind: 'section', section: 'profile', form: undefined, lx: 'jtjj' });
    expect(portalView('/portal/news')).toEqual({ kind: 'section', section: 'news', form: undefined });
    expect(portalView('/portal/news/12')).toEqual({ kind: 'detail', section: 'news', form: undefined, id: '12' });
    expect(portalView('/portal/zbcg')).toEqual({ kind: 'section', section: 'zbcg' });
    expect(portalView('/portal/zbcg/portal_zbgg')).toEqual({ kind: 'section', section: 'zbcg', form: 'portal_zbgg' });
    expect(portalView('/portal/zbcg/portal_zbgg/3')).toEqual({ kind: 'detail', section: 'zbcg', form: 'portal_zbgg', id: '3' });
    expect(portalView('/portal/masses-events/4')).toEqual({ kind: 'detail', section: 'events', form: undefined, id: '4' });
    expect(portalView('/portal/group-honor')).toEqual({ kind: 'section', section: 'honor', form: undefined });
    expect(portalView('/portal/message/5', 'portal_tzgg')).toEqual({ kind: 'detail', section: 'message', form: 'portal_tzgg', id: '5' });
  });

  it('refuses what is no portal page', () => {
    expect(portalView('/portal/unknown')).toEqual({ kind: 'unknown' });
    expect(portalView('/portal/news/abc')).toEqual({ kind: 'unknown' });
    expect(portalView('/portal/zbcg/a/b/c')).toEqual({ kind: 'unknown' });
  });

  it('item and section links parse back to the same item', () => {
    expect(itemPath('news', 'portal_xwdt', 7, 'portal_xwdt')).toBe('/portal/news/7');
    expect(itemPath('news', 'other', 7, 'portal_xwdt')).toBe('/portal/news/7?form=other');
    expect(itemPath('zbcg', 'portal_zbgs', 2, 'portal_zbgg')).toBe('/portal/zbcg/portal_zbgs/2');
    expect(sectionPath('zbcg', 'portal_zbgs')).toBe('/portal/zbcg/portal_zbgs');
    expect(sectionPath('events')).toBe('/portal/masses-events');
    const [path, search] = itemPath('honor', 'f2', 9, 'f1').split('?');
    expect(portalView(path, new URLSearchParams(search).get('form'))).toEqual({ kind: 'detail', section: 'honor', form: 'f2', id: '9' });
  });
});
