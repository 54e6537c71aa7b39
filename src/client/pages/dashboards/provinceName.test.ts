/** Province names as the China map names its regions, checked against the map and the demo form's 所在省份. */
import { describe, expect, it } from 'vitest';
import china from 'echarts-v4-maps/map/json/china.json';
import contracts from '../../../../fixtures/forms/contract_ledger.json';
import { provinceName } from './provinceName';

const regions = new Set((china as unknown as { features: { properties: { name: string } }[] }).features.map((f) => f.properties.name));

describe('provinceName', () => {
  it('cuts the suffixes of provinces, municipalities, autonomous regions and SARs', () => {
    expect(['浙江省', '北京市', '内蒙古自治区', '广西壮族自治区', '宁夏回族自治区', '新疆维吾尔自治区', '西藏自治区', '香港特别行政区', '台湾省'].map(provinceName))
      .toEqual(['浙江', '北京', '内蒙古', '广西', '宁夏', '新疆', '西藏', '香港', '台湾']);
    expect(provinceName(' 浙江 ')).toBe('浙江');
  });

  it('names a region of the map for every province of the demo form, and the map has all 34', () => {
    const field = contracts.fields.find((f) => f.enName === 'region') as { options: { value: string }[] } | undefined;
    const names = (field?.options ?? []).map((o) => provinceName(o.value));
    expect(names).toHaveLength(34);
    expect(names.filter((n) => !regions.has(n))).toEqual([]);
    expect(regions.size).toBe(34);
  });
});
