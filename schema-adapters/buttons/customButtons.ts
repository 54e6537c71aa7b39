import type { FormButton, FormDefinition } from '../definition/types';
import type { ButtonCheck, ButtonStep } from './buttonTypes';

/** A button the list runs through `/button/action`: no system action, and at least one step. */
export function isCustomButton(button: FormButton): boolean {
  return !button.sysAction && Array.isArray(button.actions) && button.actions.length > 0;
}

/** The custom buttons of a definition (see isCustomButton). */
export function customButtons(def: FormDefinition): FormButton[] {
  return (def.buttons ?? []).filter(isCustomButton);
}

/** The steps of a button (validated on save: see buttonProblems). */
export const buttonSteps = (button: FormButton): ButtonStep[] => (Array.isArray(button.actions) ? (button.actions as ButtonStep[]) : []);

/** The pre-check rules of a button. */
export const buttonChecks = (button: FormButton): ButtonCheck[] => (Array.isArray(button.checks) ? (button.checks as ButtonCheck[]) : []);
