/**
 * The date spellings people type into a spreadsheet (issue 27 item 4): `2026/1/7`, `2026-1-7`,
 * `2026.1.7`, `2026年1月7日`, `20260107`, each optionally followed by a time (`9:05`, `09:05:30`,
 * `9时5分`). They become the stored spelling `yyyy-MM-dd[ HH:mm[:ss]]`, so the field's format
 * check (the adapter's, as on the form page) judges them like a date picked on screen.
 */

const pad = (n: number) => String(n).padStart(2, '0');

const DAY = /^(\d{4})\s*(?:[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})|年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]?)(?:[\sT]+(.*))?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:[\sT]*(\d{2})(\d{2})(\d{2})?)?$/;
const TIME = /^(\d{1,2})\s*[:：时]\s*(\d{1,2})\s*(?:[:：分]\s*(\d{1,2})\s*秒?|分)?$/;
const MONTH = /^(\d{4})\s*(?:[-/.]\s*(\d{1,2})|年\s*(\d{1,2})\s*月)$/;

function realDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return m >= 1 && m <= 12 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function time(text: string | undefined): string | null | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const t = TIME.exec(text.trim());
  if (!t) return null;
  const [h, mi, s] = [Number(t[1]), Number(t[2]), t[3] === undefined ? null : Number(t[3])];
  if (h > 23 || mi > 59 || (s ?? 0) > 59) return null;
  return `${pad(h)}:${pad(mi)}${s === null ? '' : `:${pad(s)}`}`;
}

/**
 * The stored spelling of a typed date (or date and time), or the text unchanged when it is no
 * spelling this knows (the format check then names the problem). A date that does not exist
 * (2026/2/30) is left unchanged too, so it is refused rather than moved.
 */
export function normaliseDate(text: string): string {
  const s = text.trim();
  const month = MONTH.exec(s);
  if (month) {
    const m = Number(month[2] ?? month[3]);
    return m >= 1 && m <= 12 ? `${month[1]}-${pad(m)}` : s;
  }
  let y: number, m: number, d: number, rest: string | undefined;
  const day = DAY.exec(s);
  const compact = day ? null : COMPACT.exec(s);
  if (day) {
    y = Number(day[1]);
    m = Number(day[2] ?? day[4]);
    d = Number(day[3] ?? day[5]);
    rest = day[6];
  } else if (compact) {
    y = Number(compact[1]);
    m = Number(compact[2]);
    d = Number(compact[3]);
    rest = compact[4] ? `${compact[4]}:${compact[5]}${compact[6] ? `:${compact[6]}` : ''}` : undefined;
  } else return s;
  if (!realDay(y, m, d)) return s;
  const t = time(rest);
  if (t === null) return s;
  return `${y}-${pad(m)}-${pad(d)}${t ? ` ${t}` : ''}`;
}

/**
 * A normalised date cut or completed to the field's format: a date-only field drops a midnight
 * time (`2026-01-07 00:00` → `2026-01-07`), a date-time field completes seconds
 * (`2026-01-07 09:05` → `2026-01-07 09:05:00`) and midnight for a bare day.
 */
export function dateForFormat(text: string, format: string | undefined): string {
  const f = (format || 'yyyy-MM-dd').trim();
  const m = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2})(:\d{2})?)?$/.exec(text);
  if (!m) return text;
  if (f === 'yyyy-MM-dd') return m[2] === undefined || (m[2] === '00:00' && (m[3] ?? ':00') === ':00') ? m[1] : text;
  if (f === 'yyyy-MM-dd HH:mm:ss') return `${m[1]} ${m[2] ?? '00:00'}${m[3] ?? ':00'}`;
  if (f === 'yyyy-MM-dd HH:mm') return m[3] === undefined || m[3] === ':00' ? `${m[1]} ${m[2] ?? '00:00'}` : text;
  return text;
}
