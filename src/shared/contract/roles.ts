/** `/api/system/role/…`: roles with their permission strings (CONTRACT.md §3). */
import { Type, type Static } from 'typebox';
import { DeptNode } from './depts.js';
import { Closed, DataEnvelope, Id, ListQuery, OptStr, PageEnvelope, Status01, Str, StrEnum } from './common.js';

/** `auto:contract:query`, `system:user:list`, `*:*:*`, `auto:form:btn12`. */
export const PERMISSION_PATTERN = '^[A-Za-z0-9_*-]+(:[A-Za-z0-9_*-]+)*$';
export const ROLE_KEY_PATTERN = '^[A-Za-z0-9_-]+$';

/** RuoYi's data scope codes (数据权限). */
export const DataScope = StrEnum(['1', '2', '3', '4', '5']);
/** A role's scope on one form, replacing its default there. */
export const FormScope = Type.Object({ formName: Str({ min: 1, max: 63, pattern: '^[a-z][a-z0-9_]{0,62}$' }), dataScope: DataScope }, { additionalProperties: false });
export type FormScope = Static<typeof FormScope>;

const roleFields = {
  roleName: Str({ min: 1, max: 30 }),
  roleKey: Str({ min: 1, max: 100, pattern: ROLE_KEY_PATTERN }),
  roleSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  status: Type.Optional(Status01),
  remark: Type.Optional(OptStr(500)),
  permissions: Type.Optional(Type.Array(Str({ min: 1, max: 200, pattern: PERMISSION_PATTERN }), { maxItems: 5000 })),
  /** 数据权限 (issue 35): '1' 全部, '2' 自定义 (deptIds), '3' 本部门, '4' 本部门及以下, '5' 仅本人; default '1'. */
  dataScope: Type.Optional(DataScope),
  /** The departments of a custom scope ('2'). */
  deptIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
  /** Per-form overrides of the role's scope. */
  formScopes: Type.Optional(Type.Array(FormScope, { maxItems: 500 })),
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
  dataScope: Type.String(),
  deptIds: Type.Array(Type.Integer()),
  formScopes: Type.Array(Type.Object({ formName: Type.String(), dataScope: Type.String() })),
});
export type Role = Static<typeof Role>;

/** A role offered in pickers (user dialog, registration). */
export const RoleOption = Type.Object({ roleId: Type.Integer(), roleName: Type.String(), roleKey: Type.String() });
export type RoleOption = Static<typeof RoleOption>;

export const RolePage = PageEnvelope(Role);
export const RoleDetail = DataEnvelope(Role);
export const RoleOptions = DataEnvelope(Type.Array(RoleOption));
export const AddedRole = DataEnvelope(Type.Object({ roleId: Type.Integer() }));
/** `GET /api/system/dept/roleDeptTreeselect/{id}` (spec 02 §7, RuoYi's shape): the tree and the role's custom-scope departments. */
export const RoleDeptTree = Type.Object({ code: Type.Literal(200), msg: Type.String(), checkedKeys: Type.Array(Type.Integer()), depts: Type.Array(DeptNode) });
