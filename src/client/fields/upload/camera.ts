/** Pure rules of the document camera (spec 02 §7) and the photos → PDF composition (pdf-lib, loaded on demand). */

/** Connected when `code` is '0' and `video0` is 'run' or 'ok'. */
export function cameraReady(status: Record<string, unknown> | null | undefined): boolean {
  return !!status && String(status.code) === '0' && ['run', 'ok'].includes(String(status.video0));
}

/** A photo's bytes from the grab answer (base64, with or without a data: prefix), or null. */
export function photoBytes(answer: { code?: unknown; photoBase64?: unknown }): Uint8Array<ArrayBuffer> | null {
  if (String(answer.code) !== '0' || typeof answer.photoBase64 !== 'string' || !answer.photoBase64) return null;
  const b64 = answer.photoBase64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  try {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** 'png' or 'jpg' by the magic bytes, else null. */
export function imageType(bytes: Uint8Array): 'png' | 'jpg' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  return null;
}

/** One PDF with a page per photo, each page the photo's size. */
export async function photosToPdf(photos: Uint8Array[]): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  for (const bytes of photos) {
    const image = imageType(bytes) === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    doc.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  }
  return doc.save();
}
