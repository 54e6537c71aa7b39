/**
 * What a layout template (ADR 1054) needs of one record: the display text of every main field (the
 * adapter's displayText, as the list, the detail page and HTML templates show it), the sub-form
 * rows likewise, and the images of the file store embedded as data URLs (the PDF's Chromium
 * loads nothing from elsewhere).
 */
import { displayText, formatDateValue, SYS_STATUS_OPTIONS, type ColumnModel } from '../../../schema-adapters/index.js';
import type { LayoutData } from '../../shared/print/layout/compileLayout.js';
import type { PrintLayoutModel } from '../../shared/print/layout/layoutModel.js';
import { LAYOUT_SYSTEM_FIELDS } from '../../shared/print/layout/layoutFields.js';
import { keyOfRef } from '../files/fileRefs.js';
import { parseFileKey } from '../files/fileKeys.js';
import type { FileStore } from '../files/fileStore.js';

type Row = Record<string, unknown>;
/** Largest image a layout embeds. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

function systemText(key: string, record: Row): string {
  const v = record[key];
  if (key === 'sys_status') return SYS_STATUS_OPTIONS.find((o) => String(o.value) === String(v))?.label ?? (v == null ? '' : String(v));
  if (key === 'create_time') return formatDateValue(v, 'yyyy-MM-dd HH:mm:ss');
  return v == null ? '' : String(v);
}

/** The texts of one record (or of the designer's sample when `record` holds `［label］` stand-ins). */
export function layoutTexts(columns: ColumnModel[], record: Row): Pick<LayoutData, 'fields' | 'subForms'> {
  const fields: LayoutData['fields'] = {};
  const subForms: LayoutData['subForms'] = {};
  for (const f of LAYOUT_SYSTEM_FIELDS) fields[f.enName] = { label: f.label, text: systemText(f.enName, record) };
  for (const c of columns) {
    if (c.kind !== 'field') continue;
    if (c.cell === 'subForm') {
      const children = (c.children ?? []).filter((k) => k.kind === 'field');
      const rows = Array.isArray(record[c.key]) ? (record[c.key] as Row[]) : [];
      subForms[c.key] = {
        labels: Object.fromEntries(children.map((k) => [k.key, k.header])),
        rows: rows.map((row) => Object.fromEntries(children.map((k) => [k.key, displayText(k, row)]))),
      };
    } else {
      fields[c.key] = { label: c.header, text: displayText(c, record) };
    }
  }
  return { fields, subForms };
}

/** The layout's images of the tenant's file store as data URLs; a missing, foreign or too large one stays empty. */
export async function layoutImages(layout: PrintLayoutModel, tenantId: number, store: FileStore | undefined): Promise<Record<string, string>> {
  const images: Record<string, string> = {};
  if (!store) return images;
  for (const el of layout.elements) {
    if (el.kind !== 'image' || el.src in images) continue;
    images[el.src] = '';
    const key = keyOfRef(el.src);
    const parsed = key ? parseFileKey(key) : null;
    const type = IMAGE_TYPES[parsed?.name.split('.').pop()?.toLowerCase() ?? ''];
    if (!key || !parsed || parsed.tenantId !== tenantId || !type) continue;
    const stat = await store.stat(key);
    if (!stat || stat.size > MAX_IMAGE_BYTES) continue;
    const file = await store.get(key);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
    images[el.src] = `data:${type};base64,${Buffer.concat(chunks).toString('base64')}`;
  }
  return images;
}
