/** `/api/system/role/…`: roles with their permission strings (CONTRACT.md §3). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, ListQuery, OptStr, PageEnvelope, Status01, Str, StrEnum } from './common.js';

/** `auto:contract:query`, `system:user:list`, `*:*:*`, `auto:form:btn12`. */
export const PERMISSION_PATTERN = '^[A-Za-z0-9_*-]+(:[A-Za-z0-9_*-]+)*$';
export const ROLE_KEY_PATTERN = '^[A-Za-z0-9_-]+$';

const roleFields = {
  roleName: Str({ min: 1, max: 30 }),
  roleKey: Str({ min: 1, max: 100, pattern: ROLE_KEY_PATTERN }),
  roleSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  status: Type.Optional(Status01),
  remark: Type.Optional(OptStr(500)),
  permissions: Type.Optional(Type.Array(Str({ min: 1, max: 200, pattern: PERMISSION_PATTERN }), { maxItems: 5000 })),
};

/** `POST /api/system/role`. */
export const AddRoleBody = Closed(roleFields);
export type AddRoleBody = Static<typeof AddRoleBody>;
/** `POST /api/system/role/edit`. */
export const EditRoleBody = Closed({ roleId: Id, ...roleFields });
export type EditRoleBody = Static<typeof EditRoleBody>;

export const RoleListQuery = ListQuery({
  roleName: Type.Optional(Str({ max: 30 })),
  roleKey: Type.Optional(Str({ max: 100 })),
  status: Type.Optional(StrEnum(['0', '1', ''])),
});
export const RegisterRolesQuery = Type.Object({ tenantCode: Type.Optional(Str({ max: 64 })) });

/** A role with its permission strings. */
export const Role = Type.Object({
  roleId: Type.Integer(),
  roleName: Type.String(),
  roleKey: Type.String(),
  roleSort: Type.Integer(),
  status: Type.String(),
  remark: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  permissions: Type.Array(Type.String()),
});
export type Role = Static<typeof Role>;

/** A role offered in pickers (user dialog, registration). */
export const RoleOption = Type.Object({ roleId: Type.Integer(), roleName: Type.String(), roleKey: Type.String() });
export type RoleOption = Static<typeof RoleOption>;

export const RolePage = PageEnvelope(Role);
export const RoleDetail = DataEnvelope(Role);
export const RoleOptions = DataEnvelope(Type.Array(RoleOption));
export const AddedRole = DataEnvelope(Type.Object({ roleId: Type.Integer() }));
