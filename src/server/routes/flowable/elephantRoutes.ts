/**
 * `/flowable/form/elephant/*` (spec 02 §7 "Tax invoices", issue 31 item 3): invoice collection
 * and certification on the tenant's 发票台账, forwarded to the configured tax platform
 * (per tenant: sys.invoice.taxPlatform.*, else TAX_PLATFORM_*; without it a 400 names the missing
 * setting; `GET /invoices/providerStatus` names it before a call). Permissions: add on the ledger to
 * collect, edit to certify and to collect states (src/server/invoices/taxPlatformService.ts).
 * Also the goods sync `POST /custom/product/query?jydp=` into 普通货品 (add and edit on the goods
 * form, src/server/invoices/goodsSync.ts), the same platform's goods listing.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import type { SqlConditions } from '../../records/services/sqlHide.js';
import { callerOf, objectBody } from '../auto/caller.js';
import { configuredTaxPlatform } from '../../invoices/taxPlatform.js';
import { providerStatus, tenantProviderEnv } from '../../invoices/providerSettings.js';
import { applyCertification, collectInvoices, collectionQuery, collectStates, fetchCertificationResults, stateQuery } from '../../invoices/taxPlatformService.js';
import { syncGoods } from '../../invoices/goodsSync.js';
import { CertificationAppliedAnswer, ProviderStatusAnswer, CertificationResultsAnswer, CollectionAnswer, GoodsSyncAnswer, GoodsSyncQuery, StateCollectionAnswer } from '../../../shared/contract/taxPlatform.js';

/** Registers the tax-platform calls. */
export const elephantRoutes: ContractPlugin = async (app) => {
  // The saves run the ledger's `$sql` hide conditions as a record save does (recordRoutes.ts).
  const conditions: SqlConditions = { database: app.database, options: { maxCost: app.config.sqlConditionMaxCost, timeoutMs: app.config.sqlConditionTimeoutMs } };

  // Any signed-in user: the answer names settings, never their values.
  app.get('/invoices/providerStatus', { schema: { response: { 200: ProviderStatusAnswer } } }, async (request) => {
    return ok(providerStatus(await tenantProviderEnv(app.db, request.user.tenantId)));
  });

  app.post('/flowable/form/elephant/vatInvoiceCollection', { schema: { response: { 200: CollectionAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    const query = collectionQuery(objectBody(request.body));
    return ok(await collectInvoices(app.db, callerOf(request), platform, query, conditions));
  });

  app.post('/flowable/form/elephant/getInvoiceState', { schema: { response: { 200: StateCollectionAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    const query = stateQuery(objectBody(request.body));
    return ok(await collectStates(app.db, callerOf(request), platform, query, conditions));
  });

  app.post('/flowable/form/elephant/applyForCertification', { schema: { response: { 200: CertificationAppliedAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    return ok(await applyCertification(app.db, callerOf(request), platform, objectBody(request.body)));
  });

  app.post('/flowable/form/elephant/getCertificationResults', { schema: { response: { 200: CertificationResultsAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    return ok(await fetchCertificationResults(app.db, callerOf(request), platform, objectBody(request.body), conditions));
  });

  app.post('/custom/product/query', { schema: { querystring: GoodsSyncQuery, response: { 200: GoodsSyncAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    return ok(await syncGoods(app.db, callerOf(request), platform, request.query.jydp, conditions));
  });
};
