import { compileCondition, type ConditionOutcome, type ConditionScope } from '../conditions/compileCondition';
import type { FieldDefinition, UserContext } from '../definition/types';

/** The state of one field (CONTRACT.md §5). */
export interface FieldState {
  visible: boolean;
  required: boolean;
  disabled: boolean;
}

/** What, besides the data, decides the states. */
export interface FieldStateOptions {
  /** 'flow' takes the base visibility from `visibleMap` (spec 01 §4). */
  mode?: 'add' | 'edit' | 'detail' | 'flow';
  /** Flow mode: field name → visible; a field absent from the map is visible. */
  visibleMap?: Record<string, boolean>;
  /**
   * Answers of `$sql` hide conditions by field name (the `/hide` call's first column):
   * null or empty → shown, truthy → hidden. A field without an answer stays shown.
   */
  sqlAnswers?: Record<string, unknown>;
}

const present = (source: unknown): source is string => typeof source === 'string' && source.trim() !== '';

/** The default state: visible = isShow !== false && visible !== false; required / disabled only when true. */
export function baseState(field: FieldDefinition, opts?: FieldStateOptions, mapKey = field.enName): FieldState {
  const flowVisible = opts?.mode === 'flow' && opts.visibleMap ? opts.visibleMap[mapKey] : undefined;
  return {
    visible: flowVisible !== undefined ? flowVisible !== false : field.isShow !== false && field.visible !== false,
    required: field.required === true,
    disabled: field.disabled === true,
  };
}

/** Whether an answer of the `/hide` call hides the field: null or empty → shown, truthy → hidden. */
export function sqlAnswerHides(answer: unknown): boolean {
  if (answer == null || answer === '' || (Array.isArray(answer) && answer.length === 0)) return false;
  return Boolean(answer) && answer !== 'false' && answer !== '0';
}

/** Applies one condition outcome to a default flag: 'error' gives false, 'default' keeps it. */
function decide(outcome: ConditionOutcome, fallback: boolean): boolean {
  if (outcome === 'default') return fallback;
  if (outcome === 'error') return false;
  return outcome;
}

/** The condition sources of a field (blank ones left out). */
export interface FieldConditions {
  hide?: string;
  required?: string;
  disabled?: string;
}

/** A field's non-blank conditions. */
export function conditionsOf(field: FieldDefinition): FieldConditions {
  const out: FieldConditions = {};
  if (present(field.hideCondition)) out.hide = field.hideCondition;
  if (present(field.requiredCon)) out.required = field.requiredCon;
  if (present(field.disabledCon)) out.disabled = field.disabledCon;
  return out;
}

/**
 * Applies conditions to a default state (CONTRACT.md §5): hide true hides; required / disabled
 * conditions, when present, decide alone; an evaluation error gives false states (a failing hide
 * hides); a `$${…}` reference keeps the default; a `$sql` hide keeps the field shown until
 * `sqlAnswer` says otherwise (undefined: not answered yet).
 */
export function applyConditions(
  base: FieldState,
  conditions: FieldConditions,
  data: Record<string, unknown>,
  ctx: UserContext,
  scope: ConditionScope,
  sqlAnswer?: { answer: unknown },
): FieldState {
  const state = { ...base };
  if (conditions.hide) {
    const hide = compileCondition(conditions.hide);
    if (hide.kind === 'sql') {
      if (sqlAnswer && sqlAnswerHides(sqlAnswer.answer)) state.visible = false;
    } else {
      const outcome = hide.evaluate(data, ctx, scope);
      if (outcome === true || outcome === 'error') state.visible = false;
    }
  }
  if (conditions.required) state.required = decide(compileCondition(conditions.required).evaluate(data, ctx, scope), state.required);
  if (conditions.disabled) state.disabled = decide(compileCondition(conditions.disabled).evaluate(data, ctx, scope), state.disabled);
  return state;
}

/** The state of one field for the given data: its default state with its conditions applied. */
export function resolveFieldState(
  field: FieldDefinition,
  data: Record<string, unknown>,
  ctx: UserContext,
  scope: ConditionScope,
  opts?: FieldStateOptions,
  mapKey = field.enName,
): FieldState {
  const answers = opts?.sqlAnswers;
  const sqlAnswer = answers && Object.prototype.hasOwnProperty.call(answers, mapKey) ? { answer: answers[mapKey] } : undefined;
  return applyConditions(baseState(field, opts, mapKey), conditionsOf(field), data, ctx, scope, sqlAnswer);
}
