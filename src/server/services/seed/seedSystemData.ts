/** Seed step: dictionary data, system config and constants, per tenant (fixtures/seed). */
import type { SeedStep } from './types.js';
import { readSeedFixture } from './fixtures.js';

interface DictFixture {
  dictType: string;
  items: { label: string; value: string; listClass?: string; isDefault?: string }[];
}
interface ConfigFixture {
  configName: string;
  configKey: string;
  configValue: string;
  configType?: string;
  remark?: string;
}
interface ConstantFixture {
  id?: number;
  name: string;
  dataType?: string;
  orderNum?: number;
  status?: number;
  formName?: string;
  remark?: string;
  children?: ConstantFixture[];
}

function flattenConstants(nodes: ConstantFixture[], parentId: number, out: (ConstantFixture & { parentId: number })[]): void {
  nodes.forEach((n, i) => {
    out.push({ ...n, orderNum: n.orderNum ?? i + 1, parentId });
    if (n.children) {
      if (n.id === undefined) throw new Error(`Constant "${n.name}" has children and needs an id`);
      flattenConstants(n.children, n.id, out);
    }
  });
}

export const seedSystemData: SeedStep = {
  name: 'system-data',
  async run(ctx) {
    const dicts = readSeedFixture<DictFixture[]>('dicts');
    const configs = readSeedFixture<ConfigFixture[]>('configs');
    const constants: (ConstantFixture & { parentId: number })[] = [];
    flattenConstants(readSeedFixture<ConstantFixture[]>('constants'), 0, constants);
    for (const t of ctx.tenants) {
      const dictRows = dicts.flatMap((d) =>
        d.items.map((item, i) => ({
          tenant_id: t.id,
          dict_type: d.dictType,
          dict_label: item.label,
          dict_value: item.value,
          dict_sort: i + 1,
          list_class: item.listClass ?? '',
          is_default: item.isDefault ?? (i === 0 ? 'Y' : 'N'),
          create_by: 'admin',
        })),
      );
      if (dictRows.length) await ctx.db.insertInto('dict_data').values(dictRows).execute();
      if (configs.length) {
        await ctx.db
          .insertInto('configs')
          .values(configs.map((c) => ({ tenant_id: t.id, config_name: c.configName, config_key: c.configKey, config_value: c.configValue, config_type: c.configType ?? 'Y', remark: c.remark ?? '', create_by: 'admin' })))
          .onConflict((oc) => oc.columns(['tenant_id', 'config_key']).doNothing())
          .execute();
      }
      const constantRows = constants.map((c) => {
        const values = {
          tenant_id: t.id,
          parent_id: c.parentId,
          name: c.name,
          data_type: c.dataType ?? '',
          order_num: c.orderNum ?? 0,
          status: c.status ?? 1,
          form_name: c.formName ?? null,
          remark: c.remark ?? '',
          create_by: 'admin',
        };
        return c.id === undefined ? values : { ...values, id: c.id };
      });
      if (constantRows.length) await ctx.db.insertInto('constants').values(constantRows).execute();
    }
  },
};
