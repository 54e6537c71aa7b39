/** Formats of believable demo values: days, money, tax ids, invoice codes, number plates. */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `YYYY-MM-DD` of a day `offset` days after `from` (UTC days, so the seed does not drift by zone). */
export function dayAfter(from: string, offset: number): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.round(offset));
  return d.toISOString().slice(0, 10);
}

/** Today as `YYYY-MM-DD`: demo dates are placed around the day the database is seeded. */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Rounds to cents (half away from zero), as amounts are kept and shown. */
export function cents(n: number): number {
  return Math.round((n + Math.sign(n) * 1e-9) * 100) / 100;
}

/** A round-ish amount in [min, max): to 1,000 above 100,000, else to 10. */
export function amountBetween(r: () => number, min: number, max: number): number {
  const raw = min + r() * (max - min);
  const step = raw >= 100000 ? 1000 : 10;
  return Math.round(raw / step) * step;
}

/** VAT rates in use in China, in percent. */
export const VAT_RATES = [13, 9, 6, 3] as const;

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (统一社会信用代码, GB 32100-2015) with its real check character. */
export function creditCode(r: () => number, region = '330106'): string {
  let body = `91${region}`;
  while (body.length < 17) body += CREDIT_CHARS[Math.floor(r() * (body.length < 16 ? 10 : CREDIT_CHARS.length))];
  const sum = [...body].reduce((s, c, i) => s + CREDIT_CHARS.indexOf(c) * CREDIT_WEIGHTS[i], 0);
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/** Region digits of invoice codes (the tax bureau that issued the invoice). */
const INVOICE_REGIONS = ['3300', '3100', '1100', '4403'];

/** The kind digits that end a 12-digit invoice code, by spec 02 §9 type code. */
const CODE_KINDS: Record<string, string> = { '01': '30', '03': '20', '04': '04', '08': '13', '10': '11', '11': '06', '14': '12', '15': '40' };

/**
 * A 12-digit invoice code (发票代码) of an invoice of type `type` (spec 02 §9): 0, the bureau's
 * region, the year, a batch and the kind digits (e-normal 11, e-special 13, paper normal 04 …).
 */
export function invoiceCode(r: () => number, year: string, type: string): string {
  const region = INVOICE_REGIONS[Math.floor(r() * INVOICE_REGIONS.length)];
  return `0${region}${year.slice(2, 4)}${pad(1 + Math.floor(r() * 3), 3)}${CODE_KINDS[type] ?? '04'}`;
}

/**
 * A 20-digit number of a fully digital invoice (全电发票, no code): the year's two digits, the
 * province (33 Zhejiang), the issuing channel and a 15-digit sequence.
 */
export function digitalInvoiceNo(r: () => number, date: string): string {
  return `${date.slice(2, 4)}332${pad(Math.floor(r() * 1e9), 9)}${pad(Math.floor(r() * 1e6), 6)}`;
}

/** A customs payment certificate's number (海关缴款书): customs district, year, sequence, `-L` + 2 digits. */
export function customsPaymentNo(r: () => number, date: string): string {
  return `2901${date.slice(0, 4)}1${pad(Math.floor(r() * 1e9), 9)}-L0${1 + Math.floor(r() * 3)}`;
}

/** A 20-digit check code (校验码) of an ordinary invoice. */
export function checkCode(r: () => number): string {
  return `${pad(Math.floor(r() * 1e10), 10)}${pad(Math.floor(r() * 1e10), 10)}`;
}

/** An 8-digit invoice number (发票号码). */
export function invoiceNo(r: () => number): string {
  return pad(1 + Math.floor(r() * 99999998), 8);
}

const PLATE_LETTERS = 'ABCDEFGHJK';

/** A Zhejiang truck number plate such as 浙A·3K721. */
export function plate(r: () => number): string {
  const d = () => Math.floor(r() * 10);
  return `浙${PLATE_LETTERS[Math.floor(r() * 6)]}·${d()}${PLATE_LETTERS[Math.floor(r() * PLATE_LETTERS.length)]}${d()}${d()}${d()}`;
}
