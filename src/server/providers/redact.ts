/**
 * Redaction of what the outbound call log keeps (docs/security.md "Outbound call log"): secret
 * values (keys, tokens, passwords, signatures, verification codes) become `***`, phone numbers keep
 * their first three and last four digits, and bodies are capped. Pure.
 */

/** The most characters of a body the log keeps. */
export const BODY_CAP = 4000;
export const MASK = '***';

/** Names whose values are secrets (JSON keys, query parameters, form fields). */
const SECRET_NAME = /pass(word)?|pwd|secret|token|api[-_]?key|app[-_]?key|access[-_]?key|private[-_]?key|^key$|authori[sz]ation|credential|signature|^sign$|cookie|session|^code$|captcha|verify[-_]?code|sms[-_]?code/i;
/** Names whose values are phone numbers. */
const PHONE_NAME = /phone|mobile|^tel$|telephone|sjhm/i;
/** A mainland mobile number standing alone (not inside a longer digit run). */
const PHONE_IN_TEXT = /(?<!\d)(1[3-9]\d)(\d{4})(\d{4})(?!\d)/g;
/** A verification code in a message text: 验证码为123456 / 验证码：123456 / code 123456. */
const CODE_IN_TEXT = /(验证码\D{0,3}|code\W{0,3})(\d{4,8})/gi;
/** `name=value` or `"name":"value"` pairs in text that is not JSON. */
const SECRET_PAIR = /((?:pass(?:word)?|pwd|secret|token|api[-_]?key|app[-_]?key|access[-_]?key|authorization|signature|sign)["']?\s*[=:]\s*["']?)([^&"',\s}]+)/gi;

/** `13812345678` → `138****5678`; other values keep their first and last quarter at most. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11) return `${digits.slice(0, 3)}****${digits.slice(7)}`;
  if (value.length <= 4) return MASK;
  const keep = Math.floor(value.length / 4);
  return `${value.slice(0, keep)}****${value.slice(value.length - keep)}`;
}

/** Masks phones and verification codes inside free text, and `secret=value` pairs. */
export function redactText(text: string): string {
  return text
    .replace(SECRET_PAIR, (_m, name: string) => `${name}${MASK}`)
    .replace(CODE_IN_TEXT, (_m, lead: string) => `${lead}${MASK}`)
    .replace(PHONE_IN_TEXT, (_m, a: string, _b: string, c: string) => `${a}****${c}`);
}

/** A JSON value with secret fields masked, phone fields partly masked, strings scanned as text. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 20) return MASK;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_NAME.test(k) && v !== null && v !== '') out[k] = MASK;
      else if (PHONE_NAME.test(k) && (typeof v === 'string' || typeof v === 'number')) out[k] = maskPhone(String(v));
      else out[k] = redactValue(v, depth + 1);
    }
    return out;
  }
  return value;
}

/** Caps a text at BODY_CAP characters, saying how much was cut. */
export function capBody(text: string, cap = BODY_CAP): string {
  return text.length <= cap ? text : `${text.slice(0, cap)}…（已截断，共 ${text.length} 字符）`;
}

/** A body as the log keeps it: JSON redacted field by field, other text by pattern; capped. */
export function redactBody(text: string): string {
  if (!text) return '';
  let out: string;
  try {
    out = JSON.stringify(redactValue(JSON.parse(text)));
  } catch {
    out = redactText(text);
  }
  return capBody(out);
}

/** A URL without user info, with secret or phone query parameters masked. Unparsable → its origin-less text, redacted. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return capBody(redactText(raw), 1000);
  }
  url.username = '';
  url.password = '';
  for (const [name, value] of [...url.searchParams]) {
    if (SECRET_NAME.test(name)) url.searchParams.set(name, MASK);
    else if (PHONE_NAME.test(name)) url.searchParams.set(name, maskPhone(value));
    else url.searchParams.set(name, redactText(value));
  }
  const text = url.toString();
  try {
    return capBody(decodeURI(text), 1000);
  } catch {
    return capBody(text, 1000);
  }
}
