/** `/api/system/dept/…`: the department tree (reads for every signed-in user; writes need system:dept:*). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, OptStr, Status01, Str, StrEnum } from './common.js';

/** A contact telephone: digits, spaces, `+ - ( )` (landlines such as 010-88886666 included), or empty. */
export const TEL_PATTERN = '^[0-9+() -]{0,20}$';

const fields = {
  parentId: Id,
  deptName: Str({ min: 1, max: 50 }),
  orderNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  leader: Type.Optional(OptStr(30)),
  phone: Type.Optional(OptStr(20, { pattern: TEL_PATTERN })),
  email: Type.Optional(OptStr(50)),
  status: Type.Optional(Status01),
};

/** `POST /api/system/dept`. */
export const AddDeptBody = Closed(fields);
export type AddDeptBody = Static<typeof AddDeptBody>;
/** `POST /api/system/dept/edit`. */
export const EditDeptBody = Closed({ deptId: Id, ...fields });

export const DeptListQuery = Type.Object({ deptName: Type.Optional(Str({ max: 50 })), status: Type.Optional(StrEnum(['0', '1', ''])) });
export const TenantQuery = Type.Object({ tenantCode: Type.Optional(Str({ max: 64 })) });
/** `POST /api/system/dept/batch?ids=1,2` and/or a body of ids. */
export const DeptBatchQuery = Type.Object({ ids: Type.Optional(Str({ max: 20000, pattern: '^[0-9]+(,[0-9]+)*$' })) });
export const DeptBatchBody = Type.Union([Type.Null(), Type.Array(Id, { maxItems: 1000 })]);
/** `POST /api/system/dept/treeselect/byFilter`: the picker tree, optionally with users as leaves. */
export const TreeByFilterBody = Type.Union([
  Type.Null(),
  Closed({
    deptId: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 })),
    includeUsers: Type.Optional(Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] })),
    showFrozen: Type.Optional(Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] })),
    formId: Type.Optional(Type.Unsafe<number | string | null>({ type: ['integer', 'string', 'null'] })),
    field: Type.Optional(OptStr(64)),
    params: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  }),
]);

// ---- answers ----

/** A department row. */
export const Dept = Type.Object({
  deptId: Type.Integer(),
  parentId: Type.Integer(),
  ancestors: Type.String(),
  deptName: Type.String(),
  orderNum: Type.Integer(),
  leader: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  status: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
});
export type Dept = Static<typeof Dept>;

/** A row of the lists that show the slash-separated path (`华建工程有限公司/工程管理部`). */
export const DeptWithFullName = Type.Object({ ...Dept.properties, fullName: Type.String() });

/** A tree node; `children` are nodes of the same shape (the schema leaves them open: TypeBox recursion is not worth it here). */
const DeptNodeSchema = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  parentId: Type.Integer(),
  /** Department ids and user ids are separate spaces: read `type` before `id`. */
  type: StrEnum(['dept', 'user']),
  status: Type.Optional(Type.String()),
  children: Type.Optional(Type.Array(Type.Unknown(), { description: 'nodes of this shape' })),
});
/** A node of `treeselect` (a department, or a user leaf in the picker tree). */
export type DeptNode = Omit<Static<typeof DeptNodeSchema>, 'children'> & { children?: DeptNode[] };
export const DeptNode = Type.Unsafe<DeptNode>(DeptNodeSchema);

export const DeptList = DataEnvelope(Type.Array(DeptWithFullName));
export const DeptRows = DataEnvelope(Type.Array(Dept));
export const DeptTree = DataEnvelope(Type.Array(DeptNode));
export const DeptDetail = DataEnvelope(Dept);
export const AddedDept = DataEnvelope(Type.Object({ deptId: Type.Integer() }));
