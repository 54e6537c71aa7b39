/**
 * Malicious `.xlsx` files made in the test (issue 26 item 3), never committed: a zip written part
 * by part with the sizes its directory declares chosen by the test, and deflate streams of a
 * repeated unit built by concatenating one full-flushed block (a few KB for gigabytes).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One part: its name, its deflated bytes and the inflated size its headers declare. */
export interface BombPart { name: string; data: Buffer; size: number; crc?: number }

/** A deflate stream inflating to `head` + `unit` × `times` + `tail`, in about `times / per` × (deflated unit block) bytes. */
export function repeatedDeflate(head: string, unit: string, times: number, tail: string, per = 200): Buffer {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const block = deflateRawSync(unit.repeat(per), flush);
  const rest = times % per;
  const parts = [deflateRawSync(head, flush)];
  for (let i = 0; i < Math.floor(times / per); i++) parts.push(block);
  if (rest) parts.push(deflateRawSync(unit.repeat(rest), flush));
  parts.push(deflateRawSync(tail));
  return Buffer.concat(parts);
}

/** An honest part: `text` deflated, its true size and CRC declared. */
export function part(name: string, text: string): BombPart {
  const raw = Buffer.from(text, 'utf8');
  return { name, data: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
}

/** A zip of `parts` (deflated), sizes over 4 GiB declared through zip64 extra fields. */
export function zip(parts: BombPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const big = p.size > 0xfffffffe;
    const extra = big ? Buffer.alloc(20) : Buffer.alloc(0);
    if (big) { extra.writeUInt16LE(1, 0); extra.writeUInt16LE(16, 2); extra.writeBigUInt64LE(BigInt(p.size), 4); extra.writeBigUInt64LE(BigInt(p.data.length), 12); }
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0); head.writeUInt16LE(big ? 45 : 20, 4); head.writeUInt16LE(0x800, 6); head.writeUInt16LE(8, 8);
    head.writeUInt32LE(p.crc ?? 0, 14); head.writeUInt32LE(big ? 0xffffffff : p.data.length, 18); head.writeUInt32LE(big ? 0xffffffff : p.size, 22);
    head.writeUInt16LE(name.length, 26); head.writeUInt16LE(extra.length, 28);
    locals.push(head, name, extra, p.data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0); c.writeUInt16LE(big ? 45 : 20, 4); c.writeUInt16LE(big ? 45 : 20, 6); c.writeUInt16LE(0x800, 8); c.writeUInt16LE(8, 10);
    c.writeUInt32LE(p.crc ?? 0, 16); c.writeUInt32LE(big ? 0xffffffff : p.data.length, 20); c.writeUInt32LE(big ? 0xffffffff : p.size, 24);
    c.writeUInt16LE(name.length, 28); c.writeUInt16LE(extra.length, 30); c.writeUInt32LE(offset, 42);
    central.push(c, name, extra);
    offset += 30 + name.length + extra.length + p.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(parts.length, 8); end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around `sheet` and `sharedStrings` (either a BombPart). */
export function workbookParts(sheet: BombPart, sharedStrings?: BombPart): BombPart[] {
  return [
    part('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`),
    part('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`),
    ...(sharedStrings ? [sharedStrings] : []),
    sheet,
  ];
}

/** A sheet part whose rows are `rows` (inline strings). */
export function sheetPart(rows: string[][], rowNumbers?: number[]): BombPart {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const col = (i: number) => { let s = ''; for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s; return s; };
  const body = rows.map((r, k) => { const no = rowNumbers?.[k] ?? k + 1; return `<row r="${no}">${r.map((v, i) => `<c r="${col(i)}${no}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('')}</row>`; }).join('');
  return part('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${body}</sheetData></worksheet>`);
}

/**
 * Issue 26's file: shared strings of `count` strings × `chars` characters (1.2 M × 5,000 ≈ 6 GB
 * inflated, ≈ 8.4 MB on disk), the sheet using the first. `declared`: the inflated size the zip
 * claims for the shared strings (the truth by default; a lie to test the inflation counter).
 */
export function sharedStringsBomb(count = 1_200_000, chars = 5000, declared?: number): Buffer {
  const unit = `<si><t>${'a'.repeat(chars)}</t></si>`;
  const head = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${count}" uniqueCount="${count}">`;
  const data = repeatedDeflate(head, unit, count, '</sst>');
  const size = declared ?? head.length + unit.length * count + 6;
  const sheet = part('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData></worksheet>`);
  return zip(workbookParts(sheet, { name: 'xl/sharedStrings.xml', data, size }));
}
