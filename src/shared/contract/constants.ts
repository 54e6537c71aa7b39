/** `/api/system/constant/…`: option lists as a tree with stable ids (reads for every signed-in user; writes need system:constant:*). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, ListQuery, Nullable, OptStr, PageEnvelope, Str } from './common.js';

const fields = {
  parentId: Type.Optional(Type.Integer({ minimum: 0 })),
  name: Str({ min: 1, max: 200 }),
  dataType: Type.Optional(OptStr(50)),
  orderNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  status: Type.Optional(Type.Integer({ enum: [0, 1] })),
  formName: Type.Optional(OptStr(64)),
  remark: Type.Optional(OptStr(500)),
};

/** `POST /api/system/constant`. */
export const AddConstantBody = Closed(fields);
export type AddConstantBody = Static<typeof AddConstantBody>;
/** `POST /api/system/constant/edit`. */
export const EditConstantBody = Closed({ id: Id, ...fields });
export const ParentParams = Closed({ parentId: Type.Integer({ minimum: 0 }) });
/** `{formName}`, or null / no body when the caller has no form. */
export const FormNameBody = Type.Union([Type.Null(), Closed({ formName: Type.Optional(OptStr(64)) })]);
export const ConstantListQuery = ListQuery({
  name: Type.Optional(Str({ max: 200 })),
  parentId: Type.Optional(Type.Integer({ minimum: 0 })),
  status: Type.Optional(Type.Integer({ enum: [0, 1] })),
  formName: Type.Optional(Str({ max: 64 })),
});

/** A constant item (spec 02 §3); status 1 in use, 0 voided. */
export const Constant = Type.Object({
  id: Type.Integer(),
  parentId: Type.Integer(),
  name: Type.String(),
  dataType: Type.String(),
  orderNum: Type.Integer(),
  status: Type.Integer(),
  formName: Nullable('string'),
  remark: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
});
export type Constant = Static<typeof Constant>;

/** A node of `list/tree`: a constant with its children (same shape; the schema leaves them open). */
const ConstantNodeSchema = Type.Object({ ...Constant.properties, children: Type.Optional(Type.Array(Type.Unknown(), { description: 'nodes of this shape' })) });
export type ConstantNode = Constant & { children?: ConstantNode[] };
export const ConstantNode = Type.Unsafe<ConstantNode>(ConstantNodeSchema);

export const ConstantPage = PageEnvelope(Constant);
export const ConstantList = DataEnvelope(Type.Array(Constant));
export const ConstantTree = DataEnvelope(Type.Array(ConstantNode));
export const ConstantDetail = DataEnvelope(Constant);
export const AddedConstant = DataEnvelope(Type.Object({ id: Type.Integer() }));
/** Changes whenever any constant of the tenant changes (clients cache option lists by it). */
export const ConstantsVersion = DataEnvelope(Type.String());
