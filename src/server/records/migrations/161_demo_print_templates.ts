/**
 * Databases seeded before the demo print templates (issue 27 item 1) have demo forms whose 打印
 * answers 该表单尚未配置打印模版. This gives each such form the template a new seed gives it
 * (标准打印, HTML body and Word document), written by the seed's own code (demoPrintTemplates)
 * from the form's stored definition, so the placeholders are the fields the form has today.
 *
 * A demo form is one whose name is a demo fixture's (views over other forms aside: they print
 * from their sources). A form that already has any template is left alone: an administrator's
 * template is never overwritten, and a second one beside it would make 打印 ask which to use.
 * Running again finds every demo form with a template and adds nothing.
 */
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { viewSpecOf } from '../../../../schema-adapters/definition/views.js';
import type { Migration } from '../../db/migrations/types.js';
import { addDemoPrintTemplate } from '../seed/demoPrintTemplates.js';
import { demoDefinitions } from '../seed/seedDemoForms.js';

/** Migration 161: the demo forms of databases seeded before get 标准打印 when they have no template. */
export const m161DemoPrintTemplates: Migration = {
  id: 161,
  name: 'demo_print_templates',
  async up(db) {
    const demoNames = demoDefinitions().filter((d) => !viewSpecOf(d)).map((d) => d.enName);
    const forms = await db.selectFrom('form_definitions').select(['id', 'tenant_id', 'en_name', 'cn_name', 'definition'])
      .where('en_name', 'in', demoNames).orderBy('id').execute();
    for (const form of forms) {
      const has = await db.selectFrom('print_templates').select('id')
        .where('tenant_id', '=', form.tenant_id).where('form_name', '=', form.en_name).executeTakeFirst();
      if (has) continue;
      const stored = (typeof form.definition === 'string' ? JSON.parse(form.definition) : form.definition) as FormDefinition;
      const def: FormDefinition = { ...stored, enName: form.en_name, cnName: form.cn_name };
      // An administrator may have turned a demo form into a view since: it prints from its sources.
      if (viewSpecOf(def) || !Array.isArray(def.fields)) continue;
      await addDemoPrintTemplate(db, form.tenant_id, def);
    }
  },
};
