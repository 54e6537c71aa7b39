/** Views the server menu can name by component path (spec 02 §2.1), each split into its own chunk. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type View = LazyExoticComponent<ComponentType<object>>;

const users = lazy(() => import('../pages/admin/users/UsersPage'));
const roles = lazy(() => import('../pages/admin/roles/RolesPage'));
const depts = lazy(() => import('../pages/admin/depts/DeptsPage'));
const dicts = lazy(() => import('../pages/admin/dicts/DictDataPage'));
const menus = lazy(() => import('../pages/admin/menus/MenusPage'));
const configs = lazy(() => import('../pages/admin/configs/ConfigsPage'));
const constants = lazy(() => import('../pages/admin/constants/ConstantsPage'));
const operlog = lazy(() => import('../pages/admin/operlog/OperLogPage'));
const outApiLog = lazy(() => import('../pages/admin/outApiLog/OutApiLogPage'));
const forms = lazy(() => import('../pages/admin/forms/FormsPage'));
const messages = lazy(() => import('../pages/msg/MessageCentrePage'));
const flowTodo = lazy(() => import('../pages/flow/FlowListPage').then((m) => ({ default: m.TodoListPage })));
const flowDone = lazy(() => import('../pages/flow/FlowListPage').then((m) => ({ default: m.DoneListPage })));
const flowStarted = lazy(() => import('../pages/flow/FlowListPage').then((m) => ({ default: m.StartedListPage })));
const flowCc = lazy(() => import('../pages/flow/FlowListPage').then((m) => ({ default: m.CcListPage })));
const flowDesigner = lazy(() => import('../pages/flow/designer/FlowDesignerPage'));
const flowBuilder = lazy(() => import('../pages/flow/builder/FlowBuilderPage'));
const policy = lazy(() => import('../pages/policy/PolicyPage'));
const workCalendar = lazy(() => import('../pages/admin/calendar/WorkCalendarPage'));
const documentManage = lazy(() => import('../pages/resources/DocumentManagePage'));
const energy = lazy(() => import('../pages/energy/EnergyConsumptionPage'));

const VIEWS: Record<string, View> = {
  'system/user/index': users,
  'system/role/index': roles,
  'system/dept/index': depts,
  'system/dict/index': dicts,
  'system/dict/data/index': dicts,
  'system/menu/index': menus,
  'system/config/index': configs,
  'system/constant/index': constants,
  'system/operlog/index': operlog,
  'system/outapilog/index': outApiLog,
  'system/form/index': forms,
  'msg/detail/index': messages,
  'flow/todo/index': flowTodo,
  'flow/done/index': flowDone,
  'flow/started/index': flowStarted,
  'flow/cc/index': flowCc,
  'flow/designer/index': flowDesigner,
  'flow/builder/index': flowBuilder,
  'policy/list/index': policy,
  'system/calendar/index': workCalendar,
  'document-manage/index': documentManage,
  'energy/index': energy,
};

/** The view for a server component path, or undefined when this client has none. */
export function viewFor(component: string): View | undefined {
  const key = component.replace(/^\//, '').replace(/\.vue$/, '');
  return VIEWS[key] ?? VIEWS[`${key}/index`];
}
