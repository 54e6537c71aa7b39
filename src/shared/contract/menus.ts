/**
 * `/api/system/menu/…`: menu administration (system:menu:*). The menus build every user's sidebar
 * and routes through `GET /api/getRouters` (spec 02 §2.1, the "Menu entry" of §3).
 */
import { Type, type Static } from 'typebox';
import { PERMISSION_PATTERN } from './roles.js';
import { Closed, DataEnvelope, Id, OptStr, Status01, Str, StrEnum } from './common.js';

/** M directory, C menu (a page: a screen, a form list `Auto`, or an external link), F button (a permission only). */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** The component of a generated form list (spec 02 §2.1: a name containing Auto loads the module list). */
export const AUTO_COMPONENT = 'Auto';
const ParentId = Type.Integer({ minimum: 0, maximum: 9_007_199_254_740_991 });
/** One or more permission strings joined by commas (a menu shows to holders of any). */
export const MENU_PERMS_PATTERN = `^(${PERMISSION_PATTERN.slice(1, -1)})(,(${PERMISSION_PATTERN.slice(1, -1)}))*$|^$`;

const fields = {
  parentId: ParentId,
  menuName: Str({ min: 1, max: 50 }),
  menuType: StrEnum(MENU_TYPES),
  orderNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  component: Type.Optional(OptStr(255)),
  path: Type.Optional(OptStr(255)),
  /** The form of an `Auto` menu (its enName). */
  formName: Type.Optional(OptStr(63)),
  perms: Type.Optional(OptStr(500, { pattern: MENU_PERMS_PATTERN })),
  icon: Type.Optional(OptStr(100)),
  visible: Type.Optional(Status01),
  status: Type.Optional(Status01),
  /** '0' an external link (path http(s)…), '1' a route of this app. */
  isFrame: Type.Optional(StrEnum(['0', '1'])),
  target: Type.Optional(OptStr(20)),
  query: Type.Optional(OptStr(255)),
  routeName: Type.Optional(OptStr(100)),
};

/** `POST /api/system/menu`; `createButtons` (form menus only) also adds the form's button entries (F) under it. */
export const AddMenuBody = Closed({ ...fields, createButtons: Type.Optional(Type.Boolean()) });
export type AddMenuBody = Static<typeof AddMenuBody>;
/** `POST /api/system/menu/edit`. */
export const EditMenuBody = Closed({ menuId: Id, ...fields });
export type EditMenuBody = Static<typeof EditMenuBody>;
/** `POST /api/system/menu/move`: a new parent (0: top level) and order. */
export const MoveMenuBody = Closed({ menuId: Id, parentId: ParentId, orderNum: Type.Integer({ minimum: 0, maximum: 99999 }) });
export type MoveMenuBody = Static<typeof MoveMenuBody>;

/** `GET /api/system/menu/list` filters (the whole tree comes back flat; the client nests it by parentId). */
export const MenuListQuery = Type.Object({
  menuName: Type.Optional(Str({ max: 50 })),
  visible: Type.Optional(StrEnum(['0', '1', ''])),
  status: Type.Optional(StrEnum(['0', '1', ''])),
});
/** `GET /api/system/menu/list/formId?formId=`: the menus that show a form (spec 02 §7). */
export const MenuFormIdQuery = Type.Object({ formId: Id });

/** A menu entry as administration reads it. */
export const Menu = Type.Object({
  menuId: Type.Integer(),
  parentId: Type.Integer(),
  menuName: Type.String(),
  menuType: Type.String(),
  orderNum: Type.Integer(),
  component: Type.String(),
  path: Type.String(),
  formName: Type.String(),
  perms: Type.String(),
  icon: Type.String(),
  visible: Type.String(),
  status: Type.String(),
  isFrame: Type.String(),
  target: Type.String(),
  query: Type.String(),
  routeName: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
});
export type Menu = Static<typeof Menu>;

/** A node of `treeselect`; `children` are nodes of the same shape. */
const MenuNodeSchema = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  menuType: Type.String(),
  children: Type.Optional(Type.Array(Type.Unknown(), { description: 'nodes of this shape' })),
});
export type MenuNode = Omit<Static<typeof MenuNodeSchema>, 'children'> & { children?: MenuNode[] };
export const MenuNode = Type.Unsafe<MenuNode>(MenuNodeSchema);

export const MenuList = DataEnvelope(Type.Array(Menu));
export const MenuDetail = DataEnvelope(Menu);
export const MenuTree = DataEnvelope(Type.Array(MenuNode));
/** The new menu's id (`id` and, RuoYi-style, `menuId`). */
export const AddedMenu = DataEnvelope(Type.Object({ id: Type.Integer(), menuId: Type.Integer() }));
