/** `/api/system/user/…`: user administration, the pickers every user may call, the profile. */
import { Type, type Static } from 'typebox';
import { RoleOption } from './roles.js';
import { Closed, DataEnvelope, Id, IdList, ListQuery, Nullable, OptId, OptStr, PageEnvelope, Status01, Str, StrEnum } from './common.js';

/** Sign-in names: letters, digits and `_ . @ -`, 2–30 characters. */
export const USER_NAME_PATTERN = '^[A-Za-z0-9_.@-]{2,30}$';
/** What a form says when a name breaks the pattern. */
export const USER_NAME_HINT = '用户名称只能包含字母、数字和 _ . @ -';
/** A mainland mobile number, or empty (cleared). */
export const PHONE_PATTERN = '^(1[3-9]\\d{9})?$';

export const UserName = Str({ min: 2, max: 30, pattern: USER_NAME_PATTERN });
export const Password = Str({ min: 5, max: 20 });
export const NickName = Str({ min: 1, max: 30 });
export const Phone = OptStr(20, { pattern: PHONE_PATTERN });
export const Email = OptStr(50);
export const Sex = Type.Unsafe<'0' | '1' | '2' | null>({ type: ['string', 'null'], enum: ['0', '1', '2', null] });
const RoleIds = Type.Array(Id, { maxItems: 50 });

const editable = {
  deptId: Type.Optional(OptId),
  email: Type.Optional(Email),
  phonenumber: Type.Optional(Phone),
  sex: Type.Optional(Sex),
  status: Type.Optional(Status01),
  remark: Type.Optional(OptStr(500)),
  roleIds: Type.Optional(RoleIds),
};

/** `POST /api/system/user`. */
export const AddUserBody = Closed({ userName: UserName, nickName: NickName, password: Password, ...editable });
export type AddUserBody = Static<typeof AddUserBody>;

/** `POST /api/system/user/edit` (the sign-in name cannot change; sending it unchanged is allowed). */
export const EditUserBody = Closed({ userId: Id, userName: Type.Optional(OptStr(30)), nickName: NickName, ...editable });
export type EditUserBody = Static<typeof EditUserBody>;

export const ResetPwdBody = Closed({ userId: Id, password: Password });
export const ChangeStatusParams = Closed({ status: Status01 });
/** `[ids]`, `{userId}` or `{userIds}`. */
export const ChangeStatusBody = Type.Union([IdList, Closed({ userId: Id }), Closed({ userIds: IdList })]);
export const IdsBody = Type.Array(Id, { maxItems: 1000 });

export const UserListQuery = ListQuery({
  userName: Type.Optional(Str({ max: 30 })),
  nickName: Type.Optional(Str({ max: 30 })),
  phonenumber: Type.Optional(Str({ max: 20 })),
  status: Type.Optional(StrEnum(['0', '1', ''])),
  deptId: Type.Optional(Type.Integer({ minimum: 1 })),
  /** true: only self-registered accounts waiting for approval (待审核). */
  pendingApproval: Type.Optional(Type.Boolean()),
});

/** `POST /api/system/user/approve`: 审核通过 of accounts waiting for approval. */
export const ApproveUsersBody = Closed({ userIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
/** `POST /api/system/user/reject`: 驳回 (deletes the waiting accounts); the reason goes to the operation log. */
export const RejectUsersBody = Closed({ userIds: Type.Array(Id, { minItems: 1, maxItems: 100 }), reason: Type.Optional(OptStr(200)) });

/** `POST /api/system/user/byFilter`: the user picker's search (null body = everything). */
export const ByFilterBody = Type.Union([
  Type.Null(),
  Closed({
    nickName: Type.Optional(OptStr(30)),
    userName: Type.Optional(OptStr(30)),
    status: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], enum: ['0', '1', '', null] })),
    deptId: Type.Optional(OptId),
    isGetSub: Type.Optional(Nullable('boolean')),
    pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    formId: Type.Optional(Type.Unsafe<number | string | null>({ type: ['integer', 'string', 'null'] })),
    field: Type.Optional(OptStr(64)),
    params: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  }),
]);

export const DeptUsersParams = Type.Object({ deptId: Type.Integer({ minimum: 1 }) });
export const DeptUsersQuery = Type.Object({
  includeChildren: Type.Boolean({ default: true }),
  showFrozen: Type.Boolean({ default: false }),
});

export const ProfileEditBody = Closed({
  nickName: Type.Optional(NickName),
  email: Type.Optional(Email),
  phonenumber: Type.Optional(Phone),
  sex: Type.Optional(Sex),
});
// The length floor of a chosen password is the tenant's policy (server auth/passwordPolicy.ts), with its own message.
export const UpdatePwdBody = Closed({ oldPassword: Str({ min: 1, max: 128 }), newPassword: Str({ min: 1, max: 20 }) });
export const ImportQuery = Closed({ updateSupport: Type.Boolean({ default: false }) });

// ---- answers ----

/** A user as administration and the profile see it (never the password hash). */
export const User = Type.Object({
  userId: Type.Integer(),
  deptId: Nullable('integer'),
  deptName: Nullable('string'),
  userName: Type.String(),
  nickName: Type.String(),
  email: Type.String(),
  phonenumber: Type.String(),
  sex: Type.String(),
  avatar: Type.String(),
  status: Type.String(),
  loginIp: Type.String(),
  loginDate: Nullable('string', { format: 'date-time' }),
  remark: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  roleIds: Type.Array(Type.Integer()),
  roleNames: Type.Array(Type.String()),
  /** Self-registered and waiting for an administrator (待审核). */
  pendingApproval: Type.Boolean(),
});
export type User = Static<typeof User>;

/** The short form the pickers use. */
export const UserOption = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  deptId: Nullable('integer'),
  status: Type.String(),
});
export type UserOption = Static<typeof UserOption>;


export const UserPage = PageEnvelope(User);
export const UserOptionPage = PageEnvelope(UserOption);
export const UserOptions = DataEnvelope(Type.Array(UserOption));
/** `GET /api/system/user/{id}`: the user, its role ids and the role options. */
export const UserDetail = DataEnvelope(User, { roleIds: Type.Array(Type.Integer()), roles: Type.Array(RoleOption) });
export type UserDetail = Static<typeof UserDetail>;
/** `POST /api/system/user/userDeptId/get`: user id → its department ids. */
export const UserDeptIds = DataEnvelope(Type.Record(Type.String(), Type.Array(Type.Integer())));
export const AddedUser = DataEnvelope(Type.Object({ userId: Type.Integer() }));
/** `GET /api/system/user/profile`. */
export const Profile = DataEnvelope(User, { roleGroup: Type.String(), deptName: Nullable('string') });
export type Profile = Static<typeof Profile>;
export const UserSaved = DataEnvelope(User);
export const AvatarSaved = DataEnvelope(Type.Object({ imgUrl: Type.String() }), { imgUrl: Type.String() });
export const ConfigsRemoved = DataEnvelope(Type.Object({ removed: Type.Integer() }));
