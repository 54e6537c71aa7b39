/**
 * Merge download (spec 02 §7): PDFs and images become one PDF with pdf-lib. PDFs keep their pages;
 * a png or jpeg becomes one A4 page with the image scaled to fit. Office files are turned into PDF
 * by the caller's converter (`POST /api/office/merge/pdf`, office/officeMerge.ts); without one they
 * are refused by name.
 */
import { PDFDocument } from 'pdf-lib';
import { badRequest } from '../http/HttpError.js';

/** A4 in PDF points, and the margin around an image. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 24;

/** Types a merge accepts. */
export const MERGE_TYPES = ['pdf', 'png', 'jpg', 'jpeg', 'jfif'] as const;

/** The extension of a name, lower-case. */
function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file of this name can be merged. */
export function isMergeable(name: string): boolean {
  return (MERGE_TYPES as readonly string[]).includes(extOf(name));
}

/** Where an image of w×h goes on an A4 page (portrait, or landscape for a wide image): scaled down to fit, centred. */
export function imagePlacement(w: number, h: number): { page: [number, number]; x: number; y: number; width: number; height: number } {
  const [pw, ph] = w > h ? [A4.height, A4.width] : [A4.width, A4.height];
  const scale = Math.min(1, (pw - 2 * MARGIN) / w, (ph - 2 * MARGIN) / h);
  const width = w * scale;
  const height = h * scale;
  return { page: [pw, ph], x: (pw - width) / 2, y: (ph - height) / 2, width, height };
}

/**
 * One PDF of `files` in order; a file that cannot be read is a 400 naming it. `toPdf` turns a file
 * that is neither PDF nor image into PDF bytes (its own errors pass through unchanged).
 */
export async function mergeToPdf(
  files: readonly { name: string; bytes: Uint8Array }[],
  toPdf?: (name: string, bytes: Uint8Array) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const file of files) {
    const ext = extOf(file.name);
    const converted = toPdf && ext !== 'pdf' && !isMergeable(file.name) ? await toPdf(file.name, file.bytes) : null;
    try {
      if (converted || ext === 'pdf') {
        const src = await PDFDocument.load(converted ?? file.bytes, { ignoreEncryption: true });
        for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
      } else {
        const image = ext === 'png' ? await out.embedPng(file.bytes) : await out.embedJpg(file.bytes);
        const at = imagePlacement(image.width, image.height);
        out.addPage(at.page).drawImage(image, { x: at.x, y: at.y, width: at.width, height: at.height });
      }
    } catch {
      throw badRequest(`无法读取文件：${file.name}`);
    }
  }
  return out.save();
}
