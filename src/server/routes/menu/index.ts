/**
 * /api/system/menu: menu administration (system:menu:*). `GET /api/getRouters` reads the menus
 * afresh on every call (no cache), so a change shows in each user's sidebar on the next load.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { badRequest, found, notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { assignedPermissions, checkMenu, checkNoCycle, menuInput, menuTree } from '../../services/menuAdmin.js';
import { addFormButtons } from '../../services/formMenuButtons.js';
import { countChildMenus, deleteMenus, findMenu, findMenusOfForm, insertMenu, listMenus, moveMenu, updateMenu } from '../../repositories/menuRepository.js';
import { findFormById } from '../../records/repositories/formDefinitions.js';
import { DoneEnvelope, IdList, IdParams } from '../../../shared/contract/common.js';
import * as c from '../../../shared/contract/menus.js';

const TITLE = '菜单管理';

export const menuRoutes: ContractPlugin = async (app) => {
  app.get('/system/menu/list', { schema: { querystring: c.MenuListQuery, response: { 200: c.MenuList } } }, async (request) => {
    requirePermission(request.user, 'system:menu:list');
    const q = request.query;
    return ok(await listMenus(app.db, request.user.tenantId, { menuName: q.menuName, visible: q.visible || undefined, status: q.status || undefined }));
  });

  app.get('/system/menu/treeselect', { schema: { response: { 200: c.MenuTree } } }, async (request) => {
    requirePermission(request.user, 'system:menu:list', 'system:menu:query', 'system:role:edit', 'system:role:add');
    return ok(menuTree(await listMenus(app.db, request.user.tenantId)));
  });

  // The menus that show a form (spec 02 §7); readable by whoever may see the form definitions.
  app.get('/system/menu/list/formId', { schema: { querystring: c.MenuFormIdQuery, response: { 200: c.MenuList } } }, async (request) => {
    requirePermission(request.user, 'system:menu:list', 'system:menu:query', 'flowable:form:list', 'flowable:form:query');
    const { tenantId } = request.user;
    const form = found(await findFormById(app.db, tenantId, request.query.formId), '表单不存在');
    return ok(await findMenusOfForm(app.db, tenantId, form.enName));
  });

  app.get('/system/menu/:id', { schema: { params: IdParams, response: { 200: c.MenuDetail } } }, async (request) => {
    requirePermission(request.user, 'system:menu:query', 'system:menu:list');
    return ok(found(await findMenu(app.db, request.user.tenantId, request.params.id), '菜单不存在'));
  });

  app.post('/system/menu', { schema: { body: c.AddMenuBody, response: { 200: c.AddedMenu } } }, async (request) => {
    requirePermission(request.user, 'system:menu:add');
    const { tenantId } = request.user;
    const { createButtons, ...body } = request.body;
    const m = menuInput(body);
    await checkMenu(app.db, tenantId, m, '新增');
    const id = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, async (trx) => {
      const menuId = await insertMenu(trx, tenantId, m);
      if (createButtons && m.menuType === 'C' && m.component === c.AUTO_COMPONENT) await addFormButtons(trx, tenantId, { menuId, formName: m.formName });
      return menuId;
    });
    return ok({ id, menuId: id });
  });

  app.post('/system/menu/edit', { schema: { body: c.EditMenuBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:menu:edit');
    const { tenantId } = request.user;
    const { menuId, ...body } = request.body;
    found(await findMenu(app.db, tenantId, menuId), '菜单不存在');
    const m = menuInput(body);
    await checkMenu(app.db, tenantId, m, '修改', menuId);
    if (m.menuType === 'F' && (await countChildMenus(app.db, tenantId, [menuId], []))) throw badRequest(`修改菜单'${m.menuName}'失败，存在子菜单的菜单不能改为按钮`);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateMenu(trx, tenantId, menuId, m));
    return done();
  });

  app.post('/system/menu/move', { schema: { body: c.MoveMenuBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:menu:edit');
    const { tenantId } = request.user;
    const b = request.body;
    const menu = found(await findMenu(app.db, tenantId, b.menuId), '菜单不存在');
    if (b.parentId === b.menuId) throw badRequest(`修改菜单'${menu.menuName}'失败，上级菜单不能选择自己`, [{ field: 'parentId', message: '上级菜单不能选择自己' }]);
    await checkNoCycle(app.db, tenantId, b.menuId, b.parentId, menu.menuName, '修改');
    // The same placement rules as an edit (parent exists, not a button, a menu holds buttons only; names unique).
    await checkMenu(app.db, tenantId, { ...menu, parentId: b.parentId, orderNum: b.orderNum }, '修改', b.menuId);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => moveMenu(trx, tenantId, b.menuId, b.parentId, b.orderNum));
    return done();
  });

  app.post('/system/menu/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:menu:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    const menus = [];
    for (const id of ids) menus.push(found(await findMenu(app.db, tenantId, id), '菜单不存在'));
    if (menus.length !== ids.length) throw notFound('菜单不存在');
    if (await countChildMenus(app.db, tenantId, ids, ids)) throw badRequest('存在子菜单,不允许删除');
    if ((await assignedPermissions(app.db, tenantId, menus)).length) throw badRequest('菜单已分配,不允许删除');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteMenus(trx, tenantId, ids));
    return done('删除成功');
  });
};
