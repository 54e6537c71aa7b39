/**
 * Every component the adapter's schemas name (`x-component`, schema-adapters README), registered
 * once in one SchemaField. Dotted names (Radio.Group, Input.TextArea, …) resolve as properties.
 */
import { FormGrid, FormItem } from '@formily/antd-v5';
import { createSchemaField } from '@formily/react';
import { AddressCascader } from './addressCascader';
import { Cascader, CheckboxField, ColorSelect, RadioField, Select, Switch } from './choice';
import { DatePicker, TimePicker } from './date';
import { DeptPicker } from './deptPicker';
import { FormDivider, GroupTitle } from './layout';
import { FileUpload, IdCardUpload, InvoiceUpload, QrCode } from './media';
import { NumberPicker, Rate } from './number';
import { RelatedFormPicker } from './relatedForm';
import { CompanyLookup, LinkButton, PositionInput, SerialNumber, StatusTag } from './special';
import { SubFormTable } from './SubFormTable';
import { Input } from './text';
import { UserPicker } from './userPicker';

/** The component registry: decorator, grid and one component per adapter name. */
export const fieldComponents = {
  FormItem,
  FormGrid,
  Input,
  NumberPicker,
  Rate,
  Select,
  Radio: RadioField,
  Checkbox: CheckboxField,
  Cascader,
  Switch,
  ColorSelect,
  DatePicker,
  TimePicker,
  UserPicker,
  DeptPicker,
  RelatedFormPicker,
  AddressCascader,
  SubFormTable,
  FileUpload,
  IdCardUpload,
  InvoiceUpload,
  QrCode,
  LinkButton,
  SerialNumber,
  StatusTag,
  CompanyLookup,
  PositionInput,
  GroupTitle,
  FormDivider,
};

/** Looks up a (possibly dotted) component name in the registry. */
export function resolveComponent(name: string): unknown {
  return name.split('.').reduce<unknown>((at, part) => (at && (typeof at === 'object' || typeof at === 'function') ? (at as Record<string, unknown>)[part] : undefined), fieldComponents);
}

/** The one SchemaField of the form pages and the preview. */
export const SchemaField = createSchemaField({ components: fieldComponents });
