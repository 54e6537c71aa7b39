/**
 * Seed step (issue 32 item 1): the portal's demo content. Seven ordinary forms (新闻动态, 招标公告,
 * 中标公示, 集团荣誉, 群众活动, 集团概况, 通知公告) in DEFAULT with their menus, a few published and a
 * few unpublished records each (a draft, or 是否发布 off), and each form marked as a portal source;
 * T2 gets 新闻动态 with one item of its own, so the two tenants' portals differ. A step runs once per
 * database, existing ones included: a form an administrator already made under the same name, and
 * a setting already saved, are left as they are.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FieldDefinition, FormDefinition } from '../../../schema-adapters/definition/types.js';
import { createForm } from '../records/services/formDefinitions.js';
import { loadModel } from '../records/services/recordContext.js';
import { addRecord } from '../records/services/recordWrite.js';
import { adminOf } from '../records/seed/seedDemoForms.js';
import { addFormMenu } from '../services/seed/seedMenus.js';
import type { SeedStep, SeedTenant } from '../services/seed/types.js';
import { findPortalSource, savePortalSource } from '../repositories/portalRepository.js';
import type { PortalSection } from './portal.js';

const title = (label = '标题'): FieldDefinition => ({ enName: 'bt', label, funcType: 'input', required: true, maxLength: 200, span: 24 });
const date = (enName: string, label: string): FieldDefinition => ({ enName, label, funcType: 'dateStamp', format: 'yyyy-MM-dd', span: 12 });
const text = (enName: string, label: string, span = 12): FieldDefinition => ({ enName, label, funcType: 'input', maxLength: 200, span });
const body: FieldDefinition = { enName: 'zw', label: '正文', funcType: 'richText', span: 24 };
const publish: FieldDefinition = { enName: 'sffb', label: '是否发布', funcType: 'switch', span: 12 };
const internal: FieldDefinition = { enName: 'nbbz', label: '内部备注', funcType: 'textarea', maxLength: 500, span: 24 };

interface DemoSource {
  def: FormDefinition;
  section: PortalSection;
  titleField: string;
  dateField: string | null;
  categoryField?: string;
  fields: string[];
  /** Status 1 (正常) required; `marker` adds 是否发布 = 是. */
  status: 1 | null;
  marker: boolean;
  /** Records: data, and `draft` for one saved as 草稿. */
  records: { data: Record<string, unknown>; draft?: boolean }[];
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

function demoSources(): DemoSource[] {
  return [
    {
      def: { enName: 'portal_xwdt', cnName: '新闻动态', fields: [title(), date('fbrq', '发布日期'), text('ly', '来源'), publish, body, internal] },
      section: 'news', titleField: 'bt', dateField: 'fbrq', fields: ['ly', 'zw'], status: 1, marker: true,
      records: [
        { data: { bt: '集团召开2026年安全生产工作会议', fbrq: '2026-11-20', ly: '集团办公室', sffb: true, zw: p('11月20日，集团召开安全生产工作会议，总结前三季度安全生产情况，部署冬季施工安全工作。', '会议要求各项目部<strong>压实安全责任</strong>，开展隐患排查治理。'), nbbz: '会议纪要待归档' } },
        { data: { bt: '华建工程中标市政道路改造项目', fbrq: '2026-11-12', ly: '经营部', sffb: true, zw: p('近日，集团成功中标城区市政道路改造工程，合同金额约1.2亿元。'), nbbz: '合同尚未签订，金额保密' } },
        { data: { bt: '集团举办青年职工技能竞赛', fbrq: '2026-10-28', ly: '工会', sffb: true, zw: p('来自各项目部的60余名青年职工参加了钢筋、测量等五个工种的比赛。') } },
        { data: { bt: '（未发布）四季度经营分析会材料', fbrq: '2026-11-25', ly: '财务部', sffb: false, zw: p('内部材料，未对外发布。') } },
        { data: { bt: '（草稿）年终总结报道', fbrq: '2026-11-26', ly: '集团办公室', sffb: true, zw: p('草稿，尚未提交。') }, draft: true },
      ],
    },
    {
      def: { enName: 'portal_zbgg', cnName: '招标公告', fields: [title('公告标题'), text('xmmc', '项目名称'), text('zbdw', '招标单位'), date('fbrq', '发布日期'), date('jzrq', '投标截止日期'), text('lxr', '联系人'), body, internal] },
      section: 'zbcg', titleField: 'bt', dateField: 'fbrq', fields: ['xmmc', 'zbdw', 'jzrq', 'lxr', 'zw'], status: 1, marker: false,
      records: [
        { data: { bt: '办公楼装修工程施工招标公告', xmmc: '集团办公楼装修工程', zbdw: '华建工程有限公司', fbrq: '2026-11-18', jzrq: '2026-12-10', lxr: '王工 010-12345678', zw: p('一、招标条件：本项目已批准建设，资金已落实。', '二、投标人资格要求：具有建筑装修装饰工程专业承包二级及以上资质。'), nbbz: '预算上限 380 万元' } },
        { data: { bt: '商品混凝土采购招标公告', xmmc: '2027年度商品混凝土集中采购', zbdw: '华建工程有限公司', fbrq: '2026-11-08', jzrq: '2026-11-30', lxr: '李工 010-87654321', zw: p('采购内容：C30、C35商品混凝土，约5万立方米。') } },
        { data: { bt: '（草稿）塔吊租赁招标公告', xmmc: '塔吊租赁', zbdw: '华建工程有限公司', fbrq: '2026-11-26', jzrq: '2026-12-20', zw: p('草稿，尚未提交。') }, draft: true },
      ],
    },
    {
      def: { enName: 'portal_zbgs', cnName: '中标公示', fields: [title('公示标题'), text('zbdw', '中标单位'), { enName: 'zbje', label: '中标金额（万元）', funcType: 'number', precision: 2, span: 12 }, date('fbrq', '公示日期'), body] },
      section: 'zbcg', titleField: 'bt', dateField: 'fbrq', fields: ['zbdw', 'zbje', 'zw'], status: 1, marker: false,
      records: [
        { data: { bt: '钢材年度采购项目中标结果公示', zbdw: '北方钢铁贸易有限公司', zbje: 2380.5, fbrq: '2026-11-15', zw: p('公示期为三个工作日，如有异议请于公示期内提出。') } },
        { data: { bt: '（草稿）防水材料采购中标公示', zbdw: '某防水材料公司', zbje: 96, fbrq: '2026-11-26', zw: p('草稿。') }, draft: true },
      ],
    },
    {
      def: { enName: 'portal_jtry', cnName: '集团荣誉', fields: [title('荣誉名称'), date('hjrq', '获奖日期'), text('bjdw', '颁奖单位'), publish, body] },
      section: 'honor', titleField: 'bt', dateField: 'hjrq', fields: ['bjdw', 'zw'], status: 1, marker: true,
      records: [
        { data: { bt: '省级文明单位', hjrq: '2026-06-01', bjdw: '省精神文明建设委员会', sffb: true, zw: p('集团连续三年获评省级文明单位。') } },
        { data: { bt: '鲁班奖（国家优质工程）', hjrq: '2025-12-15', bjdw: '中国建筑业协会', sffb: true, zw: p('集团承建的市体育中心项目荣获鲁班奖。') } },
        { data: { bt: '（未发布）优秀供应商提名', hjrq: '2026-10-01', bjdw: '某业主单位', sffb: false, zw: p('提名，尚未确定。') } },
      ],
    },
    {
      def: { enName: 'portal_qzhd', cnName: '群众活动', fields: [title('活动名称'), date('hdrq', '活动日期'), text('hddd', '活动地点'), publish, body] },
      section: 'events', titleField: 'bt', dateField: 'hdrq', fields: ['hddd', 'zw'], status: 1, marker: true,
      records: [
        { data: { bt: '“情暖冬日”志愿服务活动', hdrq: '2026-11-22', hddd: '城东社区', sffb: true, zw: p('集团青年志愿者走进社区，为老人送去冬衣和慰问品。') } },
        { data: { bt: '职工健步走活动', hdrq: '2026-10-15', hddd: '滨河公园', sffb: true, zw: p('200余名职工参加健步走，全程5公里。') } },
        { data: { bt: '（未发布）元旦联欢会筹备', hdrq: '2026-12-30', hddd: '集团礼堂', sffb: false, zw: p('筹备中。') } },
      ],
    },
    {
      def: {
        enName: 'portal_jtgk', cnName: '集团概况',
        fields: [title(), { enName: 'lx', label: '类型', funcType: 'select', selectMode: 0, required: true, span: 12, options: [{ label: '集团简介', value: 'jtjj' }, { label: '组织架构', value: 'zzjg' }, { label: '企业文化', value: 'qywh' }, { label: '发展历程', value: 'fzlc' }] }, body],
      },
      section: 'profile', titleField: 'bt', dateField: null, categoryField: 'lx', fields: ['zw'], status: 1, marker: false,
      records: [
        { data: { bt: '集团简介', lx: 'jtjj', zw: p('华建工程有限公司成立于1998年，是一家以房屋建筑、市政公用工程施工为主的综合性建筑企业。') } },
        { data: { bt: '企业文化', lx: 'qywh', zw: p('企业精神：诚信、务实、创新、共赢。') } },
        { data: { bt: '发展历程', lx: 'fzlc', zw: p('1998年 公司成立；2008年 取得施工总承包一级资质；2020年 组建集团。') } },
      ],
    },
    {
      def: { enName: 'portal_tzgg', cnName: '通知公告', fields: [title(), date('fbrq', '发布日期'), body] },
      section: 'message', titleField: 'bt', dateField: 'fbrq', fields: ['zw'], status: 1, marker: false,
      records: [
        { data: { bt: '关于2027年元旦放假安排的通知', fbrq: '2026-11-24', zw: p('2027年1月1日至1月3日放假，共3天。') } },
        { data: { bt: '（草稿）关于年终考核的通知', fbrq: '2026-11-26', zw: p('草稿。') }, draft: true },
      ],
    },
  ];
}

/** T2's own 新闻动态 item: its portal shows this, never DEFAULT's. */
const T2_NEWS = { bt: '宏远建设集团年度表彰大会召开', fbrq: '2026-11-21', ly: '宏远集团办公室', sffb: true, zw: p('宏远建设集团召开年度表彰大会。') };

async function seedSource(db: Kysely<Database>, tenant: SeedTenant, s: DemoSource, records: DemoSource['records'], order: number, log: (m: string) => void): Promise<void> {
  const admin = await adminOf(db, tenant);
  if (!admin) return;
  const exists = await db.selectFrom('form_definitions').select('id').where('tenant_id', '=', tenant.id).where('en_name', '=', s.def.enName).executeTakeFirst();
  // A form of this name that an administrator made is theirs: neither its records nor its setting are touched.
  if (exists) return;
  await createForm(db, { tenantId: tenant.id, userName: 'admin' }, s.def);
  await addFormMenu(db, tenant.id, { enName: s.def.enName, cnName: s.def.cnName, orderNum: 80 + order });
  const model = await loadModel(db, tenant.id, s.def.enName);
  for (const r of records) await addRecord(db, model, { user: admin }, { data: r.data }, r.draft ? 'stash' : 'save');
  if (!(await findPortalSource(db, tenant.id, s.def.enName))) {
    await savePortalSource(db, tenant.id, s.def.enName, {
      enabled: true, section: s.section, titleField: s.titleField, dateField: s.dateField, categoryField: s.categoryField ?? null,
      fields: [...new Set([s.titleField, ...(s.dateField ? [s.dateField] : []), ...(s.categoryField ? [s.categoryField] : []), ...s.fields])],
      publishStatus: s.status, publishField: s.marker ? 'sffb' : null, publishValue: s.marker ? 'true' : null, sort: order, updateBy: 'admin',
    });
  }
  log(`portal source ${s.def.enName} in ${tenant.code}: ${records.length} records`);
}

export const seedPortal: SeedStep = {
  name: 'portal-demo',
  async run({ db, tenants, log }) {
    const sources = demoSources();
    for (const tenant of tenants) {
      if (tenant.code === 'DEFAULT') {
        let order = 1;
        for (const s of sources) await seedSource(db, tenant, s, s.records, order++, log);
      } else if (tenant.code === 'T2') {
        await seedSource(db, tenant, sources[0], [{ data: T2_NEWS }], 1, log);
      }
    }
  },
};
