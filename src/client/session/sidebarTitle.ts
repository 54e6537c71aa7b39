/** The title beside the sidebar logo (spec 02 §2.4). Pure. */
import { CONFIG_KEYS } from './configKeys';

/** Suppliers see the supplier title; with no role at all (only ROLE_DEFAULT) the title is blank. */
export function sidebarTitle(roles: string[], config: Record<string, string>): string {
  if (!roles.length || (roles.length === 1 && roles[0] === 'ROLE_DEFAULT')) return '';
  if (roles.includes('supplier')) return config[CONFIG_KEYS.supplierTitle] || '供应商平台';
  return config[CONFIG_KEYS.mainTitle] || config[CONFIG_KEYS.headTitle] || '业务表单平台';
}
