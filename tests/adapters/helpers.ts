// Shared by the adapter tests: fixtures, a user context, and a DOM-free Formily form built from a schema.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createForm, type Field, type Form } from '@formily/core';
import { Schema, type ISchema } from '@formily/json-schema';
import type { FormDefinition, UserContext } from '../../schema-adapters/index';

const FORMS_DIR = join(import.meta.dirname, '../../fixtures/forms');

/** Every fixture form by enName. */
export function loadFixtures(): Map<string, FormDefinition> {
  const out = new Map<string, FormDefinition>();
  for (const file of readdirSync(FORMS_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const def = JSON.parse(readFileSync(join(FORMS_DIR, file), 'utf8')) as FormDefinition;
    out.set(def.enName, def);
  }
  return out;
}

/** One fixture form. */
export function fixture(enName: string): FormDefinition {
  const def = loadFixtures().get(enName);
  if (!def) throw new Error(`no fixture ${enName}`);
  return def;
}

/** A staff member without special roles. */
export const staff: UserContext = { userId: 2, userName: 'staff', nickName: '张工', deptId: 11, roleKeys: ['staff'], roleNames: ['员工'], companyId: null };
/** The administrator (userId 1). */
export const admin: UserContext = { userId: 1, userName: 'admin', nickName: '系统管理员', deptId: 1, roleKeys: ['admin'], roleNames: ['管理员'], companyId: 1 };

/** Creates the fields of an object schema's properties under `basePath`, recursing into sub-form rows. */
function createFields(form: Form, schema: Schema, basePath?: string): void {
  schema.mapProperties((child, key) => {
    const props = child.toFieldProps();
    if (child.type === 'void') {
      form.createVoidField({ ...props, name: key, basePath } as never);
    } else if (child.type === 'array' && child.items) {
      const array = form.createArrayField({ ...props, name: key, basePath } as never);
      const rows = (array.value as unknown[]) ?? [];
      rows.forEach((_row, index) => addRowFields(form, child, `${array.path.toString()}.${index}`));
    } else {
      form.createField({ ...props, name: key, basePath } as never);
    }
  });
}

/** Creates the fields of one sub-form row (what an ArrayTable does when it renders a row). */
export function addRowFields(form: Form, arraySchema: Schema, rowPath: string): void {
  const items = arraySchema.items as Schema;
  form.createObjectField({ name: rowPath });
  createFields(form, items, rowPath);
}

/** A @formily/core form with a field for every property of `schema`, values from `values`. */
export function buildForm(schema: ISchema, values: Record<string, unknown>): { form: Form; root: Schema; field: (path: string) => Field } {
  const form = createForm({ values: structuredClone(values) });
  const root = new Schema(schema);
  createFields(form, root);
  return { form, root, field: (path) => form.query(path).take() as Field };
}
