/**
 * The form designer's calls (issue 19): read a definition by id, check it, create or replace it,
 * its saved versions and restoring one (src/shared/contract/formVersions.ts), and adding its menu.
 * Calls the server may not offer yet answer 404; callers turn that into a plain message.
 */
import type { DefinitionCheck, DefinitionProblemDto, FormVersion } from '../../shared/contract/formVersions';
import type { AddMenuBody } from '../../shared/contract/menus';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { get, HttpError, post } from './http';
import type { DataResponse } from './types';

/** `GET /api/flowable/form/{id}`: a definition for editing. */
export async function getFormById(id: string | number): Promise<FormDefinition> {
  const res = await get<DataResponse<FormDefinition>>(`/flowable/form/${encodeURIComponent(String(id))}`);
  return res.data;
}

/** `POST /api/flowable/form/check`: problems and the data a save would lose or convert. */
export async function checkDefinition(def: FormDefinition): Promise<DefinitionCheck> {
  const res = await post<DataResponse<DefinitionCheck>>('/flowable/form/check', def, { silent: true });
  return res.data;
}

/** `POST /api/flowable/form` (new) or `POST /api/flowable/form/edit` (with id); the form's id. */
export async function saveDefinition(def: FormDefinition, confirmDataChanges: boolean): Promise<number> {
  const body = confirmDataChanges ? { ...def, confirmDataChanges: true } : def;
  if (def.id == null) {
    const res = await post<DataResponse<{ id: number }>>('/flowable/form', body, { silent: true });
    return res.data.id;
  }
  await post('/flowable/form/edit', body, { silent: true });
  return Number(def.id);
}

/** `GET /api/flowable/form/{id}/versions`, newest first. */
export async function listVersions(id: string | number): Promise<FormVersion[]> {
  const res = await get<DataResponse<FormVersion[]>>(`/flowable/form/${encodeURIComponent(String(id))}/versions`, undefined, { silent: true });
  return res.data;
}

/** `GET /api/flowable/form/{id}/versions/{version}`: that version's definition. */
export async function getVersion(id: string | number, version: number): Promise<FormDefinition> {
  const res = await get<DataResponse<FormDefinition>>(`/flowable/form/${encodeURIComponent(String(id))}/versions/${version}`, undefined, { silent: true });
  return res.data;
}

/** `POST /api/flowable/form/{id}/versions/{version}/restore`. */
export async function restoreVersion(id: string | number, version: number, confirmDataChanges: boolean): Promise<void> {
  await post(`/flowable/form/${encodeURIComponent(String(id))}/versions/${version}/restore`, { confirmDataChanges }, { silent: true });
}

/**
 * The body of `POST /api/system/menu` for a form's list menu: the contract's `AddMenuBody` with
 * every field given and the seed's values fixed (path `/auto/{form}`, permission `auto:{form}:query`;
 * `createButtons` also adds a button entry (F) `auto:{form}:{action}` for each of `FORM_ACTIONS`, so roles can be granted them).
 */
export type FormMenuBody = AddMenuBody & Required<Pick<AddMenuBody, 'parentId' | 'menuName' | 'path' | 'formName' | 'perms' | 'orderNum' | 'icon'>>
  & { menuType: 'C'; component: 'Auto'; visible: '0'; status: '0'; isFrame: '1'; createButtons: true };

/** The menu entry of a form's list (issue 19 item 3). */
export function formMenuBody(enName: string, cnName: string, parentId: number, orderNum: number): FormMenuBody {
  return {
    parentId, menuName: cnName, menuType: 'C', component: 'Auto', path: `/auto/${enName}`, formName: enName, perms: `auto:${enName}:query`,
    orderNum, icon: '', visible: '0', status: '0', isFrame: '1', createButtons: true,
  };
}

/** `POST /api/system/menu`. */
export async function addMenu(body: FormMenuBody): Promise<void> {
  await post('/system/menu', body, { silent: true });
}

/** A refusal of the server read as the designer needs it. */
export type SaveRefusal =
  | { kind: 'problems'; problems: DefinitionProblemDto[] }
  | { kind: 'dataChanges'; check: DefinitionCheck }
  | { kind: 'missing'; message: string }
  | { kind: 'other'; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** Reads a failed call: 400 with `data.problems`, 409 with a DefinitionCheck, 404 (call not offered). */
export function readRefusal(err: unknown): SaveRefusal {
  if (!(err instanceof HttpError)) return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
  const data = err.data;
  if (err.code === 409 && isObject(data) && Array.isArray(data.dataChanges)) return { kind: 'dataChanges', check: { problems: Array.isArray(data.problems) ? (data.problems as DefinitionProblemDto[]) : [], dataChanges: data.dataChanges as DefinitionCheck['dataChanges'] } };
  if (err.code === 400 && isObject(data) && Array.isArray(data.problems)) return { kind: 'problems', problems: data.problems as DefinitionProblemDto[] };
  if (err.code === 404) return { kind: 'missing', message: err.message };
  return { kind: 'other', message: err.message };
}
