/** Coherent demo goods (普通货品) and weighed stock-in slips (白条入库). */
import { intBetween, pickOf, userWithDept, type ShapeContext } from './shapeContext.js';
import { cents, dayAfter, plate } from './sampleFormats.js';

/** Goods by category leaf: name, spec choices, unit name, price range, usual stock range. */
const GOODS: Record<string, { name: string; specs: string[]; unit: string; price: [number, number]; stock: [number, number]; shop: string }> = {
  rebar: { name: 'HRB400E螺纹钢', specs: ['Φ12', 'Φ16', 'Φ20', 'Φ25'], unit: '吨', price: [3500, 4300], stock: [2, 120], shop: '建材旗舰店' },
  wire_rod: { name: 'HPB300盘圆', specs: ['Φ6.5', 'Φ8', 'Φ10'], unit: '吨', price: [3600, 4200], stock: [1, 60], shop: '建材旗舰店' },
  section: { name: 'Q235B工字钢', specs: ['I16', 'I20a', 'I25a'], unit: '吨', price: [3800, 4600], stock: [1, 40], shop: '建材旗舰店' },
  fastener: { name: '高强度螺栓', specs: ['M16×60', 'M20×80', 'M24×90'], unit: '套', price: [2.5, 9], stock: [200, 6000], shop: '五金专营店' },
  tool: { name: '手持电钻', specs: ['800W', '1010W'], unit: '台', price: [180, 460], stock: [2, 40], shop: '五金专营店' },
};

function constantNamed(ctx: ShapeContext, parent: number, name: string): number | undefined {
  return (ctx.pools.constants.get(String(parent)) ?? []).find((id) => ctx.pools.constantNames.get(id) === name);
}

/**
 * 普通货品: name, spec, unit and shop follow the category; the stock warning colour follows the
 * stock against its usual range (red low, yellow below a third, green above).
 */
export async function shapeGoods(rec: Record<string, unknown>, ctx: ShapeContext): Promise<void> {
  const { r, i } = ctx;
  const path = Array.isArray(rec.category) && rec.category.length === 2 ? rec.category : pickOf(r, [['steel', 'rebar'], ['hardware', 'fastener']]);
  const leaf = String(path[1]);
  const g = GOODS[leaf] ?? GOODS.rebar;
  const stock = g.unit === '吨' ? Number((g.stock[0] + r() * (g.stock[1] - g.stock[0])).toFixed(3)) : intBetween(r, g.stock[0], g.stock[1]);
  const share = (stock - g.stock[0]) / (g.stock[1] - g.stock[0]);
  Object.assign(rec, {
    goods_code: `${leaf.slice(0, 2).toUpperCase()}-${String(i + 1).padStart(4, '0')}`, goods_name: g.name, spec: pickOf(r, g.specs), category: path,
    // Goods (steel, hardware) are taxed at 13 %, as on their suppliers' invoices in 发票台账.
    price: cents(g.price[0] + r() * (g.price[1] - g.price[0])), tax_rate: 13, stock, warning: share < 0.1 ? 'red' : share < 0.33 ? 'yellow' : 'green', enabled: i % 6 !== 5,
  });
  const unit = constantNamed(ctx, 4620, g.unit);
  const shop = (ctx.pools.constants.get('4630') ?? []).find((id) => ctx.pools.constantNames.get(id) === g.shop);
  if (unit !== undefined) rec.unit = unit;
  if (shop !== undefined) rec.shop = shop;
  const image = i % 2 === 0 ? await ctx.file(`${g.name}.png`, { kind: 'png', hue: Math.floor(r() * 360) }) : undefined;
  if (image) rec.image = [image];
  else delete rec.image;
}

const KINDS = ['机制砂', '5-25mm碎石', '河砂', '片石', '钢筋头（回收）'];
/** What a site buys in by the truckload from outside suppliers (外购白条入库). */
const BOUGHT_KINDS = ['中砂', '5-31.5mm碎石', '石粉', '级配碎石', '毛石'];

/**
 * 白条入库: a weighed truck load — net weight = weight before deduction × the ratio kept
 * (扣损比例, 0.95–1); one load per slip, split slips 2–4 parts; registered on the day received.
 * Weights are in 千克 (the fields' unit): a loaded truck weighs 18–45 t, read to 10 kg.
 */
export function shapeStockIn(rec: Record<string, unknown>, ctx: ShapeContext, form = 'auto_tzbk_btgl_btrk', kinds: readonly string[] = KINDS): void {
  const { r, i } = ctx;
  const before = Math.round(1800 + r() * 2700) * 10;
  const ratio = Number((0.95 + r() * 0.05).toFixed(4));
  const split = i % 4 === 3;
  const received = dayAfter(ctx.today, -intBetween(r, 0, 90));
  const { user, dept } = userWithDept(ctx);
  Object.assign(rec, {
    pz: pickOf(r, kinds), ck: plate(r), zl_before: before, ksbl: ratio, zl: cents(before * ratio), sl: split ? intBetween(r, 2, 4) : 1,
    sxrq: received, djrq: `${received} ${String(intBetween(r, 8, 17)).padStart(2, '0')}:${String(intBetween(r, 0, 59)).padStart(2, '0')}:00`,
    djzz: '中建华东建设有限公司物资部',
  });
  const czfs = (ctx.pools.constants.get('4530') ?? [])[split ? 1 : 0];
  if (czfs !== undefined) rec.czfs = czfs;
  if (user !== undefined) rec.djr = user;
  if (dept !== undefined) rec.adjbm = dept;
  // 日编号: the slip's place among those received that day, as the stock-in drawer numbers a new one
  // (slips of the day + 1, src/client/form/stockIn); the column was empty in the demo (issue 27 item 12).
  const sameDay = (ctx.seeded.get(form) ?? []).filter((x) => x.data.sxrq === received).length;
  rec.rbm = String(sameDay + 1);
}

/** 外购白条入库: the same weighed slip, for materials bought from outside suppliers. */
export function shapeBoughtStockIn(rec: Record<string, unknown>, ctx: ShapeContext): void {
  shapeStockIn(rec, ctx, 'auto_tzbk_btgl_wgbtrk', BOUGHT_KINDS);
}
