/** The portal's paths (spec 02 §2.2) and which section each serves; pure, tested in happy-dom. */
import type { PortalSectionKey } from '../../api/portal';

/** Path segment of each section (`/portal/{slug}`). */
export const SECTION_SLUG: Record<PortalSectionKey, string> = {
  profile: 'group-profile',
  news: 'news',
  zbcg: 'zbcg',
  events: 'masses-events',
  honor: 'group-honor',
  message: 'message',
};

export const SECTION_ORDER: PortalSectionKey[] = ['profile', 'news', 'zbcg', 'events', 'honor', 'message'];

/** What a portal path shows. */
export type PortalView =
  | { kind: 'home' }
  | { kind: 'section'; section: PortalSectionKey; form?: string; lx?: string }
  | { kind: 'detail'; section: PortalSectionKey; form?: string; id: string }
  | { kind: 'unknown' };

/**
 * Parses `/portal/...`: `/portal/zbcg/{formName}` and `/portal/zbcg/{formName}/{id}` name their
 * form; `/portal/group-profile/{lx}` a category; the other sections `/{slug}/{id}` (the form from
 * `?form=`, else the section's first source).
 */
export function portalView(path: string, form?: string | null): PortalView {
  const parts = path.replace(/^\/portal\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { kind: 'home' };
  const section = SECTION_ORDER.find((k) => SECTION_SLUG[k] === parts[0]);
  if (!section) return { kind: 'unknown' };
  if (section === 'zbcg') {
    if (parts.length === 1) return { kind: 'section', section };
    if (parts.length === 2) return { kind: 'section', section, form: parts[1] };
    if (parts.length === 3 && /^\d+$/.test(parts[2])) return { kind: 'detail', section, form: parts[1], id: parts[2] };
    return { kind: 'unknown' };
  }
  if (parts.length === 1) return { kind: 'section', section, form: form ?? undefined };
  if (parts.length === 2 && section === 'profile') return { kind: 'section', section, form: form ?? undefined, lx: parts[1] };
  if (parts.length === 2 && /^\d+$/.test(parts[1])) return { kind: 'detail', section, form: form ?? undefined, id: parts[1] };
  return { kind: 'unknown' };
}

/** The link of one item. */
export function itemPath(section: PortalSectionKey, formName: string, id: number, firstForm: string | undefined): string {
  if (section === 'zbcg') return `/portal/zbcg/${encodeURIComponent(formName)}/${id}`;
  return `/portal/${SECTION_SLUG[section]}/${id}${formName === firstForm ? '' : `?form=${encodeURIComponent(formName)}`}`;
}

/** The link of a section's list (a 招标采购 form's own list). */
export function sectionPath(section: PortalSectionKey, formName?: string): string {
  if (section === 'zbcg' && formName) return `/portal/zbcg/${encodeURIComponent(formName)}`;
  return `/portal/${SECTION_SLUG[section]}`;
}
