/**
 * Every component the adapter's schemas name (`x-component`, schema-adapters README), loaded per
 * family on demand: a form fetches the components its schema names before it renders
 * (`loadSchemaComponents`, `useSchemaComponents`), so a page loads only the field types its
 * definition shows. Dotted names (Radio.Group, Input.TextArea, …) resolve as properties.
 */
import { FormGrid, FormItem } from '@formily/antd-v5';
import { createSchemaField, type ISchema, type JSXComponent } from '@formily/react';
import { useEffect, useMemo, useState } from 'react';

type Loader = () => Promise<JSXComponent>;

/** Top-level adapter name → the import of its family module and the export that draws it. */
const loaders: Record<string, Loader> = {
  Input: () => import('./text').then((m) => m.Input),
  RichText: () => import('./richText').then((m) => m.RichText),
  NumberPicker: () => import('./number').then((m) => m.NumberPicker),
  Rate: () => import('./rate').then((m) => m.Rate),
  Select: () => import('./choice').then((m) => m.Select),
  Radio: () => import('./choiceGroups').then((m) => m.RadioField),
  Checkbox: () => import('./choiceGroups').then((m) => m.CheckboxField),
  Cascader: () => import('./choice').then((m) => m.Cascader),
  Switch: () => import('./choice').then((m) => m.Switch),
  ColorSelect: () => import('./choiceGroups').then((m) => m.ColorSelect),
  DatePicker: () => import('./date').then((m) => m.DatePicker),
  TimePicker: () => import('./date').then((m) => m.TimePicker),
  UserPicker: () => import('./userPicker').then((m) => m.UserPicker),
  DeptPicker: () => import('./deptPicker').then((m) => m.DeptPicker),
  RelatedFormPicker: () => import('./relatedForm').then((m) => m.RelatedFormPicker),
  AddressCascader: () => import('./addressCascader').then((m) => m.AddressCascader),
  SubFormTable: () => import('./SubFormTable').then((m) => m.SubFormTable),
  FileUpload: () => import('./media').then((m) => m.FileUpload),
  IdCardUpload: () => import('./media').then((m) => m.IdCardUpload),
  InvoiceUpload: () => import('./media').then((m) => m.InvoiceUpload),
  QrCode: () => import('./media').then((m) => m.QrCode),
  LinkButton: () => import('./special').then((m) => m.LinkButton),
  SerialNumber: () => import('./special').then((m) => m.SerialNumber),
  StatusTag: () => import('./special').then((m) => m.StatusTag),
  CompanyLookup: () => import('./special').then((m) => m.CompanyLookup),
  PositionInput: () => import('./position/PositionInput').then((m) => m.PositionInput),
  GroupTitle: () => import('./layout').then((m) => m.GroupTitle),
  FormDivider: () => import('./layout').then((m) => m.FormDivider),
};

/**
 * The registry SchemaField reads: decorator and grid from the start, each field component once
 * loaded. One object for the app's life (Formily reads it lazily at render).
 */
export const fieldComponents: Record<string, JSXComponent> = { FormItem, FormGrid };

const pending = new Map<string, Promise<void>>();

/** Every top-level component and decorator name a schema (with its sub-form items) uses. */
export function schemaComponentNames(schema: ISchema | null | undefined): string[] {
  const names = new Set<string>();
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const node = s as Record<string, unknown>;
    for (const key of ['x-component', 'x-decorator']) {
      const name = node[key];
      if (typeof name === 'string' && name) names.add(name.split('.')[0]);
    }
    for (const key of ['properties', 'patternProperties']) {
      const children = node[key];
      if (children && typeof children === 'object') Object.values(children).forEach(walk);
    }
    const items = node.items;
    if (Array.isArray(items)) items.forEach(walk);
    else walk(items);
    walk(node.additionalProperties);
  };
  walk(schema);
  return [...names].sort();
}

/** Whether every named component is in the registry already (unknown names count as there). */
function allLoaded(names: string[]): boolean {
  return names.every((n) => n in fieldComponents || !(n in loaders));
}

/** Loads the named components (once each) into `fieldComponents`. */
export function loadComponents(names: string[]): Promise<void> {
  return Promise.all(names.filter((n) => !(n in fieldComponents) && n in loaders).map((n) => {
    let p = pending.get(n);
    if (!p) {
      p = loaders[n]().then((c) => { fieldComponents[n] = c; }, (e: unknown) => { pending.delete(n); throw e; });
      pending.set(n, p);
    }
    return p;
  })).then(() => undefined);
}

/** Loads what a schema names. */
export function loadSchemaComponents(schema: ISchema | null | undefined): Promise<void> {
  return loadComponents(schemaComponentNames(schema));
}

/** Looks up a (possibly dotted) component name among the loaded components. */
export function resolveComponent(name: string): unknown {
  return name.split('.').reduce<unknown>((at, part) => (at && (typeof at === 'object' || typeof at === 'function') ? (at as Record<string, unknown>)[part] : undefined), fieldComponents);
}

/**
 * Whether the components `schema` names are loaded; starts loading the missing ones. A form renders
 * its schema only once this is true: all its fields appear together (no per-field fallback), and
 * no save or validation runs over a form whose fields have not mounted yet.
 */
export function useSchemaComponents(schema: ISchema | null | undefined): boolean {
  const names = useMemo(() => schemaComponentNames(schema), [schema]);
  const key = names.join(',');
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const ready = allLoaded(names) || loadedKey === key;
  useEffect(() => {
    if (ready) return;
    let live = true;
    // A failed chunk load surfaces as the page's error (React rethrows it from the render).
    loadComponents(names).then(() => { if (live) setLoadedKey(key); }, (e: unknown) => { if (live) setLoadedKey(() => { throw e; }); });
    return () => { live = false; };
  }, [ready, key, names]);
  return ready;
}

/** The one SchemaField of the form pages and the preview. */
export const SchemaField = createSchemaField({ components: fieldComponents });
