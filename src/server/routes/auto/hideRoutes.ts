/** `POST /api/auto/{form}/{field}/hide` and `/init/by/sql`: `$sql` hide conditions and SQL defaults evaluated on the server. */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { loadModel } from '../../records/services/recordContext.js';
import { formPerm } from '../../records/services/formPermissions.js';
import { evaluateSqlHide } from '../../records/services/sqlHide.js';
import { evaluateSqlDefaults } from '../../records/services/sqlDefaults.js';
import { closeSqlSandbox } from '../../records/services/sqlSandbox.js';
import { objectBody } from './caller.js';
import { FieldPath, FormPath, HideAnswer, SqlDefaultsAnswer } from '../../../shared/contract/records.js';

/** Registers the `$sql` hide-condition and SQL-default calls. */
export const autoHideRoutes: ContractPlugin = async (app) => {
  const options = { maxCost: app.config.sqlConditionMaxCost, timeoutMs: app.config.sqlConditionTimeoutMs };
  // The tenant pools (PostgreSQL) end with the app, before the database closes.
  app.addHook('onClose', async () => closeSqlSandbox(app.database));
  app.post('/auto/:form/:field/hide', { schema: { params: FieldPath, response: { 200: HideAnswer } } }, async (request) => {
    const { form, field } = request.params;
    // Anyone who may open the form (to add, edit or view it) needs its field states.
    requirePermission(request.user, formPerm(form, 'add'), formPerm(form, 'edit'), formPerm(form, 'query'), formPerm(form, 'list:root'));
    const body = objectBody(request.body);
    const model = await loadModel(app.db, request.user.tenantId, form);
    return ok(await evaluateSqlHide(app.database, options, model, request.user, field, body.data));
  });
  // Spec 01 §7: a new record's SQL defaults (`defaultType: 'sql'`), for whoever may add it.
  app.post('/auto/:form/init/by/sql', { schema: { params: FormPath, response: { 200: SqlDefaultsAnswer } } }, async (request) => {
    const { form } = request.params;
    requirePermission(request.user, formPerm(form, 'add'), formPerm(form, 'list:root'));
    const body = objectBody(request.body);
    const model = await loadModel(app.db, request.user.tenantId, form);
    return ok(await evaluateSqlDefaults({ database: app.database, options }, model, request.user, body.data));
  });
};
