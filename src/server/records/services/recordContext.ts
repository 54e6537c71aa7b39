/** Who calls the records engine, and how a write is logged. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import type { AuthUser } from '../../auth/types.js';
import { notFound } from '../../http/HttpError.js';
import { recordOperation } from '../../services/operationLog.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { formModel, type FormModel } from '../query/formModel.js';
import { EN_NAME } from '../storage/names.js';
import { cachedModel, forgetModel, isStaleModelError, modelSeq, rememberModel } from '../cache/modelCache.js';

/** The caller of a records call (request.user plus where the request came from). */
export interface RecordCaller {
  user: AuthUser;
  url?: string;
  method?: string;
  ip?: string;
  /** Set only by a flow action writing its node's editable fields: the one writer of a record in approval. */
  inFlow?: boolean;
  /** The request's clock (app.now(); a fake one in tests): flow tasks' due times count from it (ADR 1049). */
  now?: Date;
}

/** The adapter's user context of a caller (conditions and defaults). */
export function userContext(user: AuthUser): UserContext {
  return { userId: user.userId, userName: user.userName, nickName: user.nickName, deptId: user.deptId, roleKeys: user.roleKeys, roleNames: user.roleNames };
}

/** The stored form of the caller's tenant by name, as a query model; 404 when absent. */
export async function loadModel(db: Kysely<Database>, tenantId: number, formName: string): Promise<FormModel> {
  if (!EN_NAME.test(formName)) throw notFound('表单不存在');
  const seq = modelSeq();
  const form = await findFormByName(db, tenantId, formName);
  if (!form || !form.storage.tables.length) throw notFound('表单不存在');
  const model = formModel(form);
  // Inside a transaction the definition may be one only that transaction sees.
  if (!db.isTransaction) rememberModel(db, tenantId, formName, model, seq);
  return model;
}

/**
 * Runs a read with a cached model when there is one (see cache/modelCache.ts); when the
 * database says a column or table of that model is gone, reloads the model and runs it again.
 */
export async function withReadModel<T>(db: Kysely<Database>, tenantId: number, formName: string, read: (model: FormModel) => Promise<T>): Promise<T> {
  const cached = EN_NAME.test(formName) ? cachedModel(db, tenantId, formName) : undefined;
  if (!cached) return read(await loadModel(db, tenantId, formName));
  try {
    return await read(cached);
  } catch (err) {
    if (!isStaleModelError(err)) throw err;
    forgetModel(tenantId, formName);
    return read(await loadModel(db, tenantId, formName));
  }
}

/** Writes the operation-log row of a records write inside its transaction. */
export async function logWrite(trx: Kysely<Database>, caller: RecordCaller, title: string, businessType: number, param: unknown): Promise<void> {
  await recordOperation(trx, {
    tenantId: caller.user.tenantId, title, businessType, operUserId: caller.user.userId, operName: caller.user.userName,
    requestMethod: caller.method, operUrl: caller.url, operIp: caller.ip, operParam: param,
  });
}
