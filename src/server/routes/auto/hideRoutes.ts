/** `POST /api/auto/{form}/{field}/hide` and `/init/by/sql`: `$sql` hide conditions and SQL defaults evaluated on the server. */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { loadModel } from '../../records/services/recordContext.js';
import { formPerm } from '../../records/services/formPermissions.js';
import { evaluateSqlHide } from '../../records/services/sqlHide.js';
import { evaluateSqlDefaults } from '../../records/services/sqlDefaults.js';
import { closeSqlSandbox } from '../../records/services/sqlSandbox.js';
import { objectBody } from './caller.js';

/** Registers the `$sql` hide-condition call. */
export const autoHideRoutes: FastifyPluginAsync = async (app) => {
  const options = { maxCost: app.config.sqlConditionMaxCost, timeoutMs: app.config.sqlConditionTimeoutMs };
  // The tenant pools (PostgreSQL) end with the app, before the database closes.
  app.addHook('onClose', async () => closeSqlSandbox(app.database));
  app.post<{ Params: { form: string; field: string } }>('/auto/:form/:field/hide', async (request) => {
    const { form, field } = request.params;
    // Anyone who may open the form (to add, edit or view it) needs its field states.
    requirePermission(request.user, formPerm(form, 'add'), formPerm(form, 'edit'), formPerm(form, 'query'), formPerm(form, 'list:root'));
    const body = objectBody(request.body);
    const model = await loadModel(app.db, request.user.tenantId, form);
    return ok(await evaluateSqlHide(app.database, options, model, request.user, field, body.data));
  });
  // Spec 01 §7: a new record's SQL defaults (`defaultType: 'sql'`), for whoever may add it.
  app.post<{ Params: { form: string } }>('/auto/:form/init/by/sql', async (request) => {
    const { form } = request.params;
    requirePermission(request.user, formPerm(form, 'add'), formPerm(form, 'list:root'));
    const body = objectBody(request.body);
    const model = await loadModel(app.db, request.user.tenantId, form);
    return ok(await evaluateSqlDefaults({ database: app.database, options }, model, request.user, body.data));
  });
};
