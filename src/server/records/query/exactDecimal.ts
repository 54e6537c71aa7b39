/**
 * Exact decimal sums and PostgreSQL's rounding of `round(sum(x), p)` and `round(avg(x), p)` over
 * `numeric`, for sums patched in the server (ADR 0933) that must answer byte for byte what the
 * database answers. A value is `v / 10^s` with `v` a BigInt.
 */

/** An exact decimal: `v / 10^s`. */
export interface Dec {
  v: bigint;
  s: number;
}

export const ZERO: Dec = { v: 0n, s: 0 };

const pow10 = (n: number) => 10n ** BigInt(n);

/** Parses numeric text as PostgreSQL prints it (`-12.340`, `5`); null for NaN or infinities. */
export function parseDec(text: string): Dec | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  const v = BigInt(m[2] + frac);
  return { v: m[1] ? -v : v, s: frac.length };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const s = Math.max(a.s, b.s);
  return [a.v * pow10(s - a.s), b.v * pow10(s - b.s), s];
}

export function addDec(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { v: x + y, s };
}

export function subDec(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { v: x - y, s };
}

/** `num / den` rounded half away from zero (den > 0). */
function divRound(num: bigint, den: bigint): bigint {
  const neg = num < 0n;
  const n = neg ? -num : num;
  let q = n / den;
  if ((n % den) * 2n >= den) q += 1n;
  return neg ? -q : q;
}

/** `v` at scale `s` rescaled to `p`, half away from zero (PostgreSQL's round_var). */
function rescale(v: bigint, s: number, p: number): bigint {
  return p >= s ? v * pow10(p - s) : divRound(v, pow10(s - p));
}

/** Text of `v / 10^p` with exactly p decimals. */
function text(v: bigint, p: number): string {
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(p + 1, '0');
  const out = p ? `${digits.slice(0, -p)}.${digits.slice(-p)}` : digits;
  return neg && v !== 0n ? `-${out}` : out;
}

/** `x` at scale `s` (exact when `x` has no non-zero digit below it, else rounded half away from zero). */
export function rescaleDec(x: Dec, s: number): Dec {
  return { v: rescale(x.v, x.s, s), s };
}

/** `round(x, p)` of PostgreSQL for numeric `x`. */
export function roundDec(x: Dec, p: number): string {
  return text(rescale(x.v, x.s, p), p);
}

/** Weight (power of 10000 of the leading base-10000 digit) and that digit, as numeric.c sees them. */
function weightAndFirst(v: bigint, s: number): [number, bigint] {
  const a = v < 0n ? -v : v;
  if (a === 0n) return [0, 0n];
  const e = a.toString().length - 1 - s;
  const weight = Math.floor(e / 4);
  const shift = s + 4 * weight;
  const first = shift >= 0 ? a / pow10(shift) : a * pow10(-shift);
  return [weight, first];
}

/**
 * `round(avg(x), p)` of PostgreSQL from the exact sum `sum` (whose scale is the largest display
 * scale of the values summed, as the aggregate keeps it) and the count `n` of non-null values:
 * numeric_avg divides with the result scale of select_div_scale, rounded, and round() rounds that.
 */
export function avgDec(sum: Dec, n: number, p: number): string {
  const count = BigInt(n);
  const [w1, f1] = weightAndFirst(sum.v, sum.s);
  const [w2, f2] = weightAndFirst(count, 0);
  let qweight = w1 - w2;
  if (f1 <= f2) qweight--;
  let rscale = 16 - qweight * 4;
  rscale = Math.min(1000, Math.max(rscale, sum.s, 0));
  // sum / n at rscale: (v / 10^s) / n = v·10^rscale / (n·10^s) / 10^rscale.
  const q = divRound(sum.v * pow10(rscale), count * pow10(sum.s));
  return text(rescale(q, rscale, p), p);
}
