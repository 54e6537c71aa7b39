/**
 * Bytes of the demo files: a one-page PDF listing a few lines, and a small PNG picture. They are
 * generated rather than shipped so each sample file shows the record it belongs to.
 */
import { crc32, deflateSync } from 'node:zlib';

/** PDF literal strings need `\`, `(` and `)` escaped; the base-14 fonts only draw ASCII. */
function pdfText(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A valid single-page A5 PDF (Helvetica) showing `lines`, top to bottom. */
export function samplePdf(lines: string[]): Buffer {
  const content = ['BT', '/F1 12 Tf', '40 540 Td', '16 TL', ...lines.map((l) => `(${pdfText(l)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 160×120 RGB PNG: sky over ground with a building block, tinted by `hue` (0–359), so
 * each demo picture differs a little.
 */
export function samplePng(hue: number): Buffer {
  const w = 160;
  const h = 120;
  const tint = (base: number, k: number) => Math.max(0, Math.min(255, Math.round(base + 40 * Math.sin(((hue + k) * Math.PI) / 180))));
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const building = x > 50 && x < 110 && y > 30 && y < 90;
      const window = building && (x - 55) % 12 < 4 && (y - 35) % 12 < 5;
      const rgb = window ? [250, 230, 140]
        : building ? [tint(150, 0), tint(150, 120), tint(160, 240)]
        : y < 80 ? [tint(120, 200), tint(180, 90), 235]
        : [tint(140, 30), tint(110, 60), 80];
      raw.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
