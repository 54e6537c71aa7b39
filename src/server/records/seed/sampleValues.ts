/** Believable sample values for a field, chosen by its type and label (deterministic per seed). */
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

function within(field: FieldDefinition, value: number): number {
  let v = value;
  if (typeof field.min === 'number') v = Math.max(v, field.min);
  if (typeof field.max === 'number') v = Math.min(v, field.max);
  return v;
}

function optionValues(field: FieldDefinition, pools: SamplePools): unknown[] {
  if (field.options?.length) return field.options.map((o) => o.value);
  if (field.configDataId !== undefined) return pools.constants.get(String(field.configDataId)) ?? [];
  return [];
}

function leafPath(options: FieldDefinition['options'], r: () => number): unknown[] {
  const path: unknown[] = [];
  let level = options;
  while (level?.length) {
    const o = level[Math.floor(r() * level.length)];
    path.push(o.value);
    level = o.children;
  }
  return path;
}

/** A value for the field, or undefined to leave it empty (the server fills serials and views). */
export function sampleValue(field: FieldDefinition, r: () => number, i: number, pools: SamplePools): unknown {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const day = () => `202${5 + Math.floor(r() * 2)}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
  const withTime = (d: string) => (/H/.test(String(field.format ?? '')) ? `${d} ${pad(8 + Math.floor(r() * 10))}:${pad(Math.floor(r() * 60))}:00` : d);
  switch (field.funcType) {
    case 'input': case 'textarea': case 'business': {
      let s = text(field, r, i);
      if (typeof field.fixLength === 'number') s = s.padEnd(field.fixLength, '0').slice(0, field.fixLength);
      if (typeof field.maxLength === 'number') s = s.slice(0, field.maxLength);
      return s;
    }
    case 'number': {
      const big = /金额|价|款|预算|额/.test(field.label ?? '');
      const pct = /率|进度|比例/.test(field.label ?? '');
      const raw = big ? 1000 + r() * 500000 : pct ? r() * 100 : 1 + r() * 200;
      const p = typeof field.precision === 'number' ? field.precision : big ? 2 : 0;
      return within(field, Number(raw.toFixed(p)));
    }
    case 'rate': return 1 + Math.floor(r() * 5);
    case 'select': case 'radio': case 'color': {
      const values = optionValues(field, pools);
      if (!values.length) return undefined;
      return field.multiple ? [pick(values)] : pick(values);
    }
    case 'checkbox': {
      const values = optionValues(field, pools);
      if (!values.length) return undefined;
      const chosen = values.filter(() => r() < 0.4).slice(0, 3);
      return chosen.length ? chosen : [pick(values)];
    }
    case 'cascader': return field.options?.length ? leafPath(field.options, r) : undefined;
    case 'user': return pools.userIds.length ? (field.multiple ? [pick(pools.userIds)] : pick(pools.userIds)) : undefined;
    case 'dept': return pools.deptIds.length ? (field.multiple ? [pick(pools.deptIds)] : pick(pools.deptIds)) : undefined;
    case 'relatedForm': {
      const ids = pools.records.get(String(field.relateEnName)) ?? [];
      return ids.length ? pick(ids) : undefined;
    }
    case 'switch': return r() < 0.5;
    case 'dateStamp': return withTime(day());
    case 'dateRange': {
      const a = day();
      const b = day();
      return a <= b ? [withTime(a), withTime(b)] : [withTime(b), withTime(a)];
    }
    case 'timeOnly': return `${pad(8 + Math.floor(r() * 10))}:${pad(Math.floor(r() * 4) * 15)}:00`;
    case 'position': return `${(120.1 + r() * 0.2).toFixed(6)},${(30.2 + r() * 0.1).toFixed(6)}`;
    case 'address': return pools.addresses.length ? pick(pools.addresses) : undefined;
    // Files are stored by the form's shaper (seed/demoShapes) through the file store, or left empty.
    case 'upload': case 'invoice': case 'idCard': return undefined;
    default: return undefined;
  }
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
