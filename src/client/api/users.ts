/** User administration and personal-centre calls (spec 02 §7 "Users"). */
import { get, post } from './http';
import { pick } from './pick';
import type { DataResponse, PageResponse, SessionUser } from './types';
import type { AvatarSaved, Profile, User, UserDetail } from '../../shared/contract/users';
import type { Static } from 'typebox';

/** A user row of the administration list, and the values of the user dialog (a new user has no id). */
export type SysUser = Partial<User> & { password?: string };

const EDITABLE = ['nickName', 'deptId', 'email', 'phonenumber', 'sex', 'status', 'remark', 'roleIds'] as const;

/** `GET /api/system/user/list` (pageNum, pageSize, userName, phonenumber, status, deptId, pendingApproval). */
export function listUsers(query: Record<string, unknown>): Promise<PageResponse<User>> {
  return get('/system/user/list', query);
}

/** `GET /api/system/user/{id}`: the user with `roleIds`, and the role options. */
export function getUser(id: number): Promise<UserDetail> {
  return get(`/system/user/${id}`);
}

/** `POST /api/system/user` → `data:{userId}`. */
export function addUser(body: SysUser): Promise<DataResponse<{ userId: number }>> {
  return post('/system/user', pick(body, ['userName', 'password', ...EDITABLE]));
}

/** `POST /api/system/user/edit`. */
export function editUser(body: SysUser): Promise<DataResponse<unknown>> {
  return post('/system/user/edit', pick(body, ['userId', ...EDITABLE]));
}

/** `POST /api/system/user/delete` `[ids]`. */
export function deleteUsers(ids: number[]): Promise<DataResponse<unknown>> {
  return post('/system/user/delete', ids);
}

/** `POST /api/system/user/resetPwd` `{userId, password}`. */
export function resetUserPassword(userId: number, password: string): Promise<DataResponse<unknown>> {
  return post('/system/user/resetPwd', { userId, password });
}

/** `POST /api/system/user/changeStatus/{status}` `{userId}`. */
export function changeUserStatus(userId: number, status: string): Promise<DataResponse<unknown>> {
  return post(`/system/user/changeStatus/${status}`, { userId });
}

/** `POST /api/system/user/approve` `{userIds}`: 审核通过 of self-registered accounts waiting for approval. */
export function approveUsers(userIds: number[]): Promise<DataResponse<unknown>> {
  return post('/system/user/approve', { userIds });
}

/** `POST /api/system/user/reject` `{userIds, reason?}`: 驳回 (the waiting accounts are deleted). */
export function rejectUsers(userIds: number[], reason?: string): Promise<DataResponse<unknown>> {
  return post('/system/user/reject', { userIds, ...(reason ? { reason } : {}) });
}

/** `GET /api/system/user/importTemplate`: the spreadsheet template as a file. */
export function downloadUserTemplate(): Promise<Blob> {
  return get('/system/user/importTemplate', undefined, { responseType: 'blob' });
}

/**
 * `POST /api/system/user/importData?updateSupport=` (multipart `file`, one .xls/.xlsx): all rows or
 * none; `msg` is the result, a refusal carries `errors: [{field: '第N行', message}]`.
 */
export function importUsers(file: File, updateSupport: boolean): Promise<{ code: 200; msg: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return post('/system/user/importData', form, { params: { updateSupport } });
}

/** `GET /api/system/user/profile`: the signed-in user with the role names (`roleGroup`) and department. */
export function getProfile(): Promise<Profile> {
  return get('/system/user/profile');
}

/** `POST /api/system/user/profile/edit`: nickname, phone, e-mail, sex. */
export function editProfile(body: Partial<SessionUser>): Promise<DataResponse<unknown>> {
  return post('/system/user/profile/edit', pick(body, ['nickName', 'email', 'phonenumber', 'sex']));
}

/** `POST /api/system/user/profile/updatePwd` `{oldPassword, newPassword}`. */
export function updatePassword(oldPassword: string, newPassword: string): Promise<DataResponse<unknown>> {
  return post('/system/user/profile/updatePwd', { oldPassword, newPassword });
}

/** `GET /api/system/user/profile/init/all` (role admin): remove every user's layout settings (`features`). */
export function initAllUserConfig(): Promise<DataResponse<{ removed: number }>> {
  return get('/system/user/profile/init/all');
}

/** `POST /api/system/user/profile/avatar` (multipart `avatarfile`) → `imgUrl`. */
export function uploadAvatar(file: File): Promise<Static<typeof AvatarSaved>> {
  const form = new FormData();
  // The server tells the picture's type by its name, so the name travels with it.
  form.append('avatarfile', file, file.name);
  return post('/system/user/profile/avatar', form);
}
