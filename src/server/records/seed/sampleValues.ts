/**
 * Believable sample values for demo records (deterministic per seed): each field type says what
 * its value looks like (schema-adapters/fieldTypes, `sample`); this file gives it the seed's
 * random numbers, the tenant's ids and the vocabulary of an engineering company's back office.
 */
import type { SampleSource } from '../../../../schema-adapters/cells/cellTypes.js';
import { sampleValue as sampleOf } from '../../../../schema-adapters/cells/fieldCells.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';

/** A small deterministic random source. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Ids the sample values may point at. */
export interface SamplePools {
  userIds: number[];
  deptIds: number[];
  /** constant parent id → child ids */
  constants: Map<string, number[]>;
  /** constant id → its name (to match a unit or a shop to the goods) */
  constantNames: Map<number, string>;
  /** user id → the user's department (so a record's dept is its user's) */
  userDepts: Map<number, number | null>;
  /** form enName → record ids */
  records: Map<string, number[]>;
  /** [province, city, district] address ids */
  addresses: number[][];
}

const PROJECTS = ['城北综合管廊', '滨江大道改造', '地铁三号线站房', '高新区厂房扩建', '人民医院门诊楼', '西湖片区安置房', '港区物流中心', '体育中心场馆'];
const THINGS = ['钢筋', '商品混凝土', '防水卷材', '电缆桥架', '塔吊租赁', '脚手架', '消防设备', '幕墙玻璃', '给排水管材', '劳务分包'];
const COMPANIES = ['中建华东建设有限公司', '江南建材贸易有限公司', '宏达机械租赁有限公司', '恒信劳务有限公司', '明远电气工程有限公司', '安泰消防科技有限公司'];
const NOTES = ['按合同约定分批交付', '需甲方现场验收', '已完成资料归档', '价格含税含运费', '质保期两年', '急件，优先处理'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function text(field: FieldDefinition, r: () => number, i: number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const label = field.label ?? '';
  if (field.funcType === 'business' || /单位|供应商|乙方|公司|销方|卖方/.test(label)) return pick(COMPANIES);
  if (/编号|编码|号码|代码|号$/.test(label)) return `${field.enName.slice(0, 2).toUpperCase()}${2025}${pad(i + 1, 4)}`;
  if (/税号/.test(label)) return `91330100${pad(Math.floor(r() * 1e8), 8)}X${pad(i, 1)}`.slice(0, 18);
  if (field.funcType === 'textarea' || /备注|说明|原因|意见/.test(label)) return pick(NOTES);
  if (/名称|标题|项目|合同/.test(label)) return `${pick(PROJECTS)}${pick(THINGS)}${/合同/.test(label) ? '合同' : ''}`;
  return `${pick(THINGS)}${i + 1}`;
}

/** The sample source of row `i`: the seed's random numbers, pools of ids and vocabulary. */
function sampleSource(r: () => number, i: number, pools: SamplePools): SampleSource {
  return {
    random: r,
    index: i,
    text: (field) => text(field, r, i),
    choices: (field) => (field.options?.length ? field.options.map((o) => o.value) : field.configDataId !== undefined ? pools.constants.get(String(field.configDataId)) ?? [] : []),
    userIds: pools.userIds,
    deptIds: pools.deptIds,
    records: (form) => pools.records.get(form) ?? [],
    addresses: pools.addresses,
  };
}

/** A value for the field (its type's `sample`), or undefined to leave it empty (the server fills serials and views). */
export function sampleValue(field: FieldDefinition, r: () => number, i: number, pools: SamplePools): unknown {
  return sampleOf(field, sampleSource(r, i, pools));
}

/** A whole record (sub-form rows included) of sample values. */
export function sampleRecord(fields: FieldDefinition[], r: () => number, i: number, pools: SamplePools): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.funcType === 'subForm') {
      out[f.enName] = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, j) => sampleRecord(f.children ?? [], r, j, pools));
      continue;
    }
    const v = sampleValue(f, r, i, pools);
    if (v !== undefined) out[f.enName] = v;
  }
  return out;
}
