/**
 * Runs a custom button (`POST /api/auto/{form}/button/action`): its declarative steps in order,
 * inside one transaction with the operation-log row (type 12). Record writes go through the same
 * add and edit services as single saves (hidden fields dropped, rules re-checked with the
 * adapter, versions bumped, each logged). Any failure rolls everything back and answers a 400
 * whose message contains 当前按钮脚本执行异常 (spec 01 §8: shown as a notice).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { buttonSteps, fillPlaceholders, resolveButtonValue, safeLink, WEBHOOK_DEFAULT_TIMEOUT_MS, type ButtonValue, type FormButton, type UserContext } from '../../../../schema-adapters/index.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { inTransaction } from '../services/inTransaction.js';
import { loadModel, logWrite, userContext, type RecordCaller } from '../services/recordContext.js';
import { addRecord, editRecord } from '../services/recordWrite.js';
import { assertWritable } from '../services/writeGuard.js';
import { rowScopeOf } from '../services/dataScope.js';
import { buttonRecords } from './buttonRecords.js';
import { secretValue } from '../repositories/buttonSecrets.js';
import { BUTTON_FAILURE, callWebhook } from './webhook.js';

/** What a run did; `links` are for the browser to open (link and print steps). */
export interface ButtonResult {
  updated: number;
  created: { form: string; id: number }[];
  links: string[];
}

export interface RunOptions {
  /** Webhooks may reach loopback and private addresses (configuration; tests, intranets). */
  webhookAllowInternal: boolean;
}

const failure = (why: string, errors?: HttpError['errors']) => badRequest(`${BUTTON_FAILURE}：${why}`, errors);

/** Values of a setValues / createRecord step over one source record. */
function valuesFor(values: Record<string, ButtonValue>, record: Record<string, unknown>, ctx: UserContext, where: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const resolved = resolveButtonValue(value, record, ctx);
    if ('error' in resolved) throw failure(`${where}字段 “${name}” 的表达式执行失败（${resolved.error}）`);
    out[name] = resolved.value;
  }
  return out;
}

/** Re-throws a write's refusal as a button failure naming the record. */
async function asStep<T>(where: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.status < 500 && !err.message.includes(BUTTON_FAILURE)) throw failure(`${where}${err.message}`, err.errors);
    throw err;
  }
}

function printLink(model: FormModel, ids: number[], step: { templateId?: string | number; templateName?: string }): string {
  const q = new URLSearchParams({ formName: model.form.enName, ids: ids.join(',') });
  if (step.templateId != null) q.set('templateId', String(step.templateId));
  if (step.templateName) q.set('printTemplateName', step.templateName);
  return `/view-report?${q.toString()}`;
}

/** Runs the button on the selected records (see the file comment). */
export async function runButton(db: Kysely<Database>, model: FormModel, button: FormButton, ids: number[], caller: RecordCaller, options: RunOptions): Promise<ButtonResult> {
  const steps = buttonSteps(button);
  const tenantId = caller.user.tenantId;
  const ctx = userContext(caller.user);
  // The caller's data scope (数据权限, issue 35): a selected record outside it is 记录不存在.
  const scope = await rowScopeOf(db, caller.user, model.form.enName);
  if (steps.some((s) => s.kind === 'setValues')) await assertWritable(db, model, tenantId, 'edit', ids);
  // Target forms and secrets are looked up before the transaction: a missing one writes nothing.
  const targets = new Map<string, FormModel>();
  for (const step of steps) {
    if (step.kind !== 'createRecord' || targets.has(step.form)) continue;
    const target = await asStep('目标表单：', () => loadModel(db, tenantId, step.form));
    await asStep('目标表单：', () => assertWritable(db, target, tenantId, 'add'));
    for (const name of Object.keys(step.values)) if (!target.main.fields.has(name)) throw failure(`目标表单没有字段 “${name}”`);
    targets.set(step.form, target);
  }
  const secrets = new Map<string, string>();
  for (const step of steps) {
    if (step.kind !== 'webhook' || !step.secret || secrets.has(step.secret)) continue;
    const value = await secretValue(db, tenantId, step.secret);
    if (value === undefined) throw failure(`未配置 Webhook 密钥 “${step.secret}”`);
    secrets.set(step.secret, value);
  }
  return inTransaction(db, async (trx) => {
    const result: ButtonResult = { updated: 0, created: [], links: [] };
    let records = await buttonRecords(trx, model, tenantId, ids, scope, true);
    const label = (r: Record<string, unknown>) => (r.id == null ? '' : `记录 ${String(r.id)}：`);
    for (const step of steps) {
      switch (step.kind) {
        case 'setValues': {
          if (!ids.length) break;
          const next: Record<string, unknown>[] = [];
          for (const record of records) {
            const where = label(record);
            const data = valuesFor(step.values, record, ctx, where);
            const saved = await asStep(where, () => editRecord(trx, model, caller, Number(record.id), { data, version: record.version }, 'save'));
            result.updated++;
            next.push({ ...record, ...data, version: saved.version });
          }
          records = next;
          break;
        }
        case 'createRecord': {
          const target = targets.get(step.form)!;
          for (const record of records) {
            const where = label(record);
            const data = valuesFor(step.values, record, ctx, where);
            const { id } = await asStep(`${where}新增「${target.form.cnName}」：`, () => addRecord(trx, target, caller, { data }, 'save'));
            result.created.push({ form: step.form, id });
          }
          break;
        }
        case 'link':
          for (const record of records) {
            const url = fillPlaceholders(step.url, record, true);
            if (!safeLink(url)) throw failure('链接地址无效');
            result.links.push(url);
          }
          break;
        case 'print':
          result.links.push(printLink(model, ids, step));
          break;
        case 'webhook':
          await callWebhook({
            url: step.url,
            secret: step.secret ? secrets.get(step.secret) : undefined,
            timeoutMs: step.timeoutMs ?? WEBHOOK_DEFAULT_TIMEOUT_MS,
            allowInternal: options.webhookAllowInternal,
            body: { tenantCode: caller.user.tenantCode, formName: model.form.enName, button: { id: button.id, name: button.name }, user: { userId: caller.user.userId, userName: caller.user.userName }, records: ids.length ? records : [] },
          }).catch((err: Error) => {
            throw failure(err.message.replace(`${BUTTON_FAILURE}：`, ''));
          });
          break;
      }
    }
    await logWrite(trx, caller, `${model.form.cnName}-${button.name}`, BUSINESS_TYPE.buttonExecute, { formName: model.form.enName, button: button.id, ids, ...result });
    return result;
  });
}
