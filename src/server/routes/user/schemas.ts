/** Request schemas of /api/system/user. */
import { id, idList, obj, optId, optStr, status01, str } from '../../http/schemas.js';

export const USER_NAME_PATTERN = '^[A-Za-z0-9_.@-]{2,30}$';
const password = str({ min: 5, max: 20 });
const sex = { type: ['string', 'null'], enum: ['0', '1', '2', null] } as const;
const roleIds = { type: 'array', items: id, maxItems: 50 } as const;

const editable = {
  nickName: str({ min: 1, max: 30 }),
  deptId: optId,
  email: optStr(50),
  phonenumber: optStr(20),
  sex,
  status: status01,
  remark: optStr(500),
  roleIds,
};

export const addUserBody = obj({ userName: str({ min: 2, max: 30, pattern: USER_NAME_PATTERN }), password, ...editable }, ['userName', 'nickName', 'password']);
export const editUserBody = obj({ userId: id, userName: optStr(30), ...editable }, ['userId', 'nickName']);
export const resetPwdBody = obj({ userId: id, password }, ['userId', 'password']);
export const changeStatusParams = obj({ status: status01 }, ['status']);
export const changeStatusBody = { anyOf: [idList, obj({ userId: id }, ['userId']), obj({ userIds: idList }, ['userIds'])] } as const;
export const idsBody = { type: 'array', items: id, maxItems: 1000 } as const;
export const deleteBody = idList;
export const listQuerySchema = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    userName: str({ max: 30 }),
    nickName: str({ max: 30 }),
    phonenumber: str({ max: 20 }),
    status: { type: 'string', enum: ['0', '1', ''] },
    deptId: { type: 'integer', minimum: 1 },
  },
} as const;
export const byFilterBody = obj({
  nickName: optStr(30),
  userName: optStr(30),
  status: { type: ['string', 'null'], enum: ['0', '1', '', null] },
  deptId: optId,
  isGetSub: { type: ['boolean', 'null'] },
  pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
  formId: { type: ['integer', 'string', 'null'] },
  field: optStr(64),
  params: { type: ['object', 'null'] },
});
export const deptUsersQuery = {
  type: 'object',
  properties: { includeChildren: { type: 'boolean', default: true }, showFrozen: { type: 'boolean', default: false } },
} as const;
export const profileEditBody = obj({ nickName: str({ min: 1, max: 30 }), email: optStr(50), phonenumber: optStr(20), sex });
// The length floor of a chosen password is the tenant's policy (auth/passwordPolicy.ts), with its own message.
export const updatePwdBody = obj({ oldPassword: str({ min: 1, max: 128 }), newPassword: str({ min: 1, max: 20 }) }, ['oldPassword', 'newPassword']);
