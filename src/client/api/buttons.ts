/** Typed calls of custom buttons (spec 01 §7; docs/api-records.md "Custom buttons"). No React. */
import type { Static } from 'typebox';
import type { ButtonRunAnswer, CheckEntrySchema, PrecheckResult } from '../../shared/contract/records';
import { post } from './http';
import type { DataResponse } from './types';

/** One pre-check answer: `stop` refuses, `warn` asks 继续操作. */
export type ButtonCheckEntry = Static<typeof CheckEntrySchema>;

/** What a run did; `links` are opened by the browser (link and print steps). */
export type ButtonRunResult = Static<typeof ButtonRunAnswer>['data'];

/** `POST /auto/button/check` — silent: the caller shows the answer or the failure. */
export function checkButton(formName: string, button: string | number, ids: number[]) {
  return post<DataResponse<ButtonCheckEntry[]>>('/auto/button/check', { formName, button, ids }, { silent: true });
}

/** `POST /auto/{form}/button/action` — silent: a failure naming 当前按钮脚本执行异常 is shown as a notice by the caller. */
export function runButton(formName: string, button: string | number, ids: number[], menuId?: number) {
  return post<DataResponse<ButtonRunResult>>(`/auto/${encodeURIComponent(formName)}/button/action`, { button, ids, menuId: menuId ?? null, params: {} }, { silent: true });
}

/** The answer of `check/deleteSub` (like check/delete): stop refuses, warn asks. */
export type DeleteSubAnswer = Static<typeof PrecheckResult>;

/** `POST /auto/{form}/check/deleteSub` before saved sub-form rows are removed (feature.formChecks scene deleteSub). */
export function checkDeleteSub(formName: string, subForm: string, parentId: number | string, ids: number[]) {
  return post<DataResponse<DeleteSubAnswer>>(`/auto/${encodeURIComponent(formName)}/check/deleteSub`, { subForm, parentId, ids });
}
