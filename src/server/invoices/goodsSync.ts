/**
 * 同步商品 (spec 01 §2.2's goods button on 普通货品, spec 02 §7 `POST /custom/product/query?jydp=`,
 * issue 31 item 3): the goods a trading shop sells, as the tax platform lists them, land in the
 * tenant's goods form through the normal record writes (validation, operation log, data scope). A
 * goods item is matched by its 货品编码 (the platform's `spbm`): a new code is added, a known one is
 * edited in place when its name, model, unit, shop or price changed, else left alone.
 *
 * The shop is chosen from the goods form's own 店铺 list (the children of its `shop` field's
 * constant list, spec 02 §3 "the trading shop list"), so `jydp` is a name the tenant configured,
 * never free text sent on to the platform.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { requirePermission } from '../auth/permissions.js';
import { badRequest, HttpError, notFound } from '../http/HttpError.js';
import { formPermission } from '../../shared/formPermissions.js';
import type { FormModel } from '../records/query/formModel.js';
import { loadModel, type RecordCaller } from '../records/services/recordContext.js';
import { addRecord, editRecord } from '../records/services/recordWrite.js';
import { readMain } from '../records/repositories/recordWrites.js';
import type { SqlConditions } from '../records/services/sqlHide.js';
import type { PlatformGoods, TaxPlatform } from './taxPlatform.js';
import { findGoods, listItems, type Choice } from './goodsRepository.js';

/** The goods form filled by the sync (default the demo 普通货品). */
export function goodsFormName(env: NodeJS.ProcessEnv = process.env): string {
  return env.GOODS_FORM || 'auto_pthp';
}

/** Pages read per sync call, as for collections. */
export const MAX_GOODS_PAGES = 20;

/** What a sync did. */
export interface GoodsSyncOutcome {
  added: number;
  updated: number;
  unchanged: number;
  /** Goods the form refused (code, the message). */
  failed: { spbm: string; msg: string }[];
  pages: number;
  truncated: boolean;
}

/** The constant list a select field of the goods form draws its options from. */
function listOf(model: FormModel, field: string): number | undefined {
  const id = Number(model.main.fields.get(field)?.def.configDataId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const price = (v: string | undefined) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Math.round(Number(v) * 100) / 100 : undefined);

/** The platform's 税率 (`0.13`, `13%` or `13`) in percent, as the goods form keeps it. */
export function ratePercent(v: string | undefined): number | undefined {
  const s = (v ?? '').trim().replace(/%$/, '');
  if (!s || !Number.isFinite(Number(s)) || Number(s) < 0) return undefined;
  const n = Number(s);
  return Math.round((n < 1 && !v!.includes('%') ? n * 100 : n) * 10) / 10;
}

/** A platform goods item as record data (only the fields the form has). */
export function goodsData(model: FormModel, g: PlatformGoods, shopId: number, units: Choice[]): Record<string, unknown> {
  const all: Record<string, unknown> = {
    goods_code: g.spbm, goods_name: g.spmc, spec: g.ggxh, shop: shopId, price: price(g.dj), tax_rate: ratePercent(g.slv),
    unit: g.dw ? units.find((u) => u.name === g.dw)?.id : undefined,
  };
  return Object.fromEntries(Object.entries(all).filter(([k, v]) => v !== undefined && model.main.fields.has(k)));
}

/** The fields of `next` whose value differs from the stored record (numbers compared as numbers). */
function changed(stored: Record<string, unknown>, next: Record<string, unknown>, model: FormModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    const col = model.main.fields.get(k)?.columns.value?.name;
    const old = col ? stored[col] : undefined;
    const same = typeof v === 'number' ? old !== null && old !== undefined && Number(old) === v : String(old ?? '') === String(v);
    if (!same) out[k] = v;
  }
  return out;
}

/** The shop named `jydp` in the goods form's shop list, else a 400 (spec 02 §5's message when empty). */
export async function shopOf(db: Kysely<Database>, model: FormModel, tenantId: number, jydp: unknown): Promise<Choice> {
  const name = typeof jydp === 'string' ? jydp.trim() : '';
  if (!name) throw badRequest('请选择交易店铺');
  const list = listOf(model, 'shop');
  if (list === undefined) throw badRequest(`${model.form.cnName}没有店铺字段（shop），无法同步商品`);
  const shop = (await listItems(db, tenantId, list)).find((s) => s.name === name);
  if (!shop) throw badRequest(`交易店铺“${name}”不在店铺列表中`);
  return shop;
}

/** Syncs the goods of shop `jydp` into the goods form (add and edit permission on it). */
export async function syncGoods(db: Kysely<Database>, caller: RecordCaller, platform: TaxPlatform, jydp: unknown, conditions?: SqlConditions): Promise<GoodsSyncOutcome> {
  const form = goodsFormName();
  requirePermission(caller.user, formPermission(form, 'add'));
  requirePermission(caller.user, formPermission(form, 'edit'));
  const tenantId = caller.user.tenantId;
  let model: FormModel;
  try {
    model = await loadModel(db, tenantId, form);
  } catch {
    throw notFound(`未找到货品表单（${form}）`);
  }
  const shop = await shopOf(db, model, tenantId, jydp);
  const unitList = listOf(model, 'unit');
  const units = unitList === undefined ? [] : await listItems(db, tenantId, unitList);
  const out: GoodsSyncOutcome = { added: 0, updated: 0, unchanged: 0, failed: [], pages: 0, truncated: false };
  for (let page = 1; ; page++) {
    if (page > MAX_GOODS_PAGES) {
      out.truncated = true;
      break;
    }
    const p = await platform.goods(shop.name, page);
    out.pages = page;
    for (const g of p.rows) {
      if (!g.spbm) {
        out.failed.push({ spbm: '', msg: `商品“${g.spmc}”没有商品编码，未同步` });
        continue;
      }
      const data = goodsData(model, g, shop.id, units);
      try {
        const id = await findGoods(db, model, tenantId, g.spbm);
        if (id === undefined) {
          await addRecord(db, model, caller, { data }, 'save', conditions);
          out.added++;
          continue;
        }
        const stored = await readMain(db, model, tenantId, id);
        if (!stored) continue;
        const diff = changed(stored, data, model);
        if (!Object.keys(diff).length) {
          out.unchanged++;
          continue;
        }
        const draft = Number(stored.sys_status) === -1;
        await editRecord(db, model, caller, id, { data: diff, version: Number(stored.version) }, draft ? 'stash' : 'save', conditions);
        out.updated++;
      } catch (err) {
        // A record the form refuses (its own rules, a record outside the caller's data scope, an
        // edit that lost a race): named in the answer, the rest of the shop still synced.
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        out.failed.push({ spbm: g.spbm, msg: err.message });
      }
    }
    if (page >= p.pages || !p.rows.length) break;
  }
  return out;
}
