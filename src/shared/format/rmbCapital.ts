/**
 * RMB amounts in capital figures (大写金额) as cheques and contracts write them, e.g.
 * 1010101.01 → 壹佰零壹万零壹佰零壹元零壹分. Spec 02 §9: empty above 15 integer digits.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL = ['', '拾', '佰', '仟'];
/** Group units from the right: 元 group, 万, 亿, and 万 again (the 万亿 group). */
const GROUP = ['', '万', '亿', '万'];
/** Spec 02 §9. */
export const RMB_CAPITAL_MAX_DIGITS = 15;

/** The capital text of `amount` (yuan), rounded to the fen; '' when missing, not a number or too large. */
export function rmbCapital(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const text = typeof amount === 'number' ? toPlain(amount) : amount.trim().replace(/,/g, '');
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (!m[2] && !m[3])) return '';
  const [intPart, fen] = roundToFen(m[2] || '0', m[3] ?? '');
  const integer = intPart.replace(/^0+(?=\d)/, '');
  if (integer.length > RMB_CAPITAL_MAX_DIGITS) return '';
  const jiao = Number(fen[0]);
  const fenDigit = Number(fen[1]);
  const negative = m[1] === '-' && (integer !== '0' || jiao > 0 || fenDigit > 0);

  let out = '';
  if (integer !== '0') out = integerText(integer) + '元';
  if (jiao === 0 && fenDigit === 0) out = (out || '零元') + '整';
  else {
    // 壹拾元零伍分: a zero between the yuan and the fen is said; 伍分 alone needs no 零.
    if (jiao > 0) out += DIGITS[jiao] + '角';
    else if (out) out += '零';
    if (fenDigit > 0) out += DIGITS[fenDigit] + '分';
  }
  return (negative ? '负' : '') + out;
}

/** A number as plain decimal digits (no exponent), to the fen and one more digit to round on. */
function toPlain(n: number): string {
  if (!Number.isFinite(n)) return '';
  return n.toFixed(3);
}

/** The integer digits and the two fen digits, rounded half up on the third decimal. */
function roundToFen(integer: string, decimals: string): [string, string] {
  const padded = (decimals + '000').slice(0, 3);
  let cents = BigInt(integer + padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  const s = cents.toString().padStart(3, '0');
  return [s.slice(0, -2), s.slice(-2)];
}

/** The integer part in capital figures, without 元. */
function integerText(integer: string): string {
  let out = '';
  let zero = false;
  const groups = Math.ceil(integer.length / 4);
  const padded = integer.padStart(groups * 4, '0');
  for (let g = 0; g < groups; g++) {
    const chunk = padded.slice(g * 4, g * 4 + 4);
    const groupIndex = groups - 1 - g;
    if (/^0+$/.test(chunk)) {
      zero = out !== '';
      // 壹万亿: the 亿 of an empty 亿 group is still said when the 万亿 group was not empty.
      if (groupIndex === 2 && groups === 4 && out) out += '亿';
      continue;
    }
    for (let i = 0; i < 4; i++) {
      const d = Number(chunk[i]);
      if (d === 0) {
        if (out) zero = true;
        continue;
      }
      if (zero) out += '零';
      zero = false;
      out += DIGITS[d] + SMALL[3 - i];
    }
    out += GROUP[groupIndex];
  }
  return out;
}
