/**
 * The declarative custom buttons of a form (spec 01 §3.1 `buttons`; docs/forms.md "Custom
 * buttons"). The spec names the keys but not what `actions` does; these kinds are Formwork's
 * design. Nothing here is code: every value is data, every expression is the condition grammar
 * of CONTRACT.md §5, evaluated with expr-eval-fork, never JavaScript.
 */
import type { CheckRule } from './checkRules';

/** A value to write: a JSON literal, or `{expr}` in the condition grammar over the source record. */
export type ButtonValue = string | number | boolean | null | { expr: string };

/** Sets fields of each selected record through the ordinary edit path (re-validated). */
export interface SetValuesStep {
  kind: 'setValues';
  values: Record<string, ButtonValue>;
}

/** Adds one record to another form per selected record; `values` map target fields to values over the source. */
export interface CreateRecordStep {
  kind: 'createRecord';
  form: string;
  values: Record<string, ButtonValue>;
}

/** Opens an address in a new tab; `${field}` and `${id}` are replaced (URL-encoded) from the record. */
export interface LinkStep {
  kind: 'link';
  url: string;
}

/** Opens the print view of a template for the selected records. */
export interface PrintStep {
  kind: 'print';
  templateId?: string | number;
  templateName?: string;
}

/** Calls a configured address from the server (POST JSON), signed with a tenant secret kept on the server. */
export interface WebhookStep {
  kind: 'webhook';
  url: string;
  /** Name of a secret of the tenant (never its value); the body is signed with HMAC-SHA256. */
  secret?: string;
  /** At most 10 000 ms; 5 000 by default. */
  timeoutMs?: number;
}

/** One declarative action of a button, run in order. */
export type ButtonStep = SetValuesStep | CreateRecordStep | LinkStep | PrintStep | WebhookStep;

/** The kinds of `actions` entries. */
export const BUTTON_STEP_KINDS = ['setValues', 'createRecord', 'link', 'print', 'webhook'] as const;

/**
 * A pre-check rule of a button (`POST /api/auto/button/check`): the same shape as a form check
 * (checkRules.ts); `stop` refuses the run, `warn` asks 继续操作.
 */
export type ButtonCheck = CheckRule;

/** Longest wait for a webhook, in milliseconds. */
export const WEBHOOK_MAX_TIMEOUT_MS = 10_000;
/** A webhook's wait when the step names none. */
export const WEBHOOK_DEFAULT_TIMEOUT_MS = 5_000;
/** Button ids become permission strings `auto:{form}:btn{id}`. */
export const BUTTON_ID_PATTERN = /^[A-Za-z0-9_]{1,32}$/;
