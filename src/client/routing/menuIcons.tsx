/**
 * The icons a menu may name (`icon` of a menu entry), from @ant-design/icons: the sidebar shows
 * them and 菜单管理's icon picker offers them. Names are RuoYi-style short names; a name not in
 * the list falls back to the sidebar's default icon. Each icon loads when first shown: a page
 * loads the few its menus name, not all forty (issue 15, first load).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

const LOADERS: Record<string, () => Promise<{ default: ComponentType }>> = {
  apartment: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  appstore: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  audit: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  bank: () => import('@ant-design/icons/es/icons/BankOutlined'),
  'bar-chart': () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  bell: () => import('@ant-design/icons/es/icons/BellOutlined'),
  book: () => import('@ant-design/icons/es/icons/BookOutlined'),
  calendar: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  car: () => import('@ant-design/icons/es/icons/CarOutlined'),
  cloud: () => import('@ant-design/icons/es/icons/CloudOutlined'),
  cluster: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  control: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  dashboard: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  database: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  dollar: () => import('@ant-design/icons/es/icons/DollarOutlined'),
  edit: () => import('@ant-design/icons/es/icons/EditOutlined'),
  'file-search': () => import('@ant-design/icons/es/icons/FileSearchOutlined'),
  'file-text': () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  folder: () => import('@ant-design/icons/es/icons/FolderOutlined'),
  form: () => import('@ant-design/icons/es/icons/FormOutlined'),
  global: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  home: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  link: () => import('@ant-design/icons/es/icons/LinkOutlined'),
  mail: () => import('@ant-design/icons/es/icons/MailOutlined'),
  menu: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  message: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  'money-collect': () => import('@ant-design/icons/es/icons/MoneyCollectOutlined'),
  'pie-chart': () => import('@ant-design/icons/es/icons/PieChartOutlined'),
  project: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  safety: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  setting: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  shop: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  'shopping-cart': () => import('@ant-design/icons/es/icons/ShoppingCartOutlined'),
  solution: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  table: () => import('@ant-design/icons/es/icons/TableOutlined'),
  tags: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  team: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  tool: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  'unordered-list': () => import('@ant-design/icons/es/icons/UnorderedListOutlined'),
  user: () => import('@ant-design/icons/es/icons/UserOutlined'),
};

/** The names a menu may use, in the picker's order. */
export const MENU_ICON_NAMES = Object.keys(LOADERS);

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

/** The icon element for a menu's icon name, or undefined when the name is unknown or empty. */
export function menuIcon(name: string | undefined) {
  const load = name && Object.hasOwn(LOADERS, name) ? LOADERS[name] : undefined;
  if (!name || !load) return undefined;
  let Icon = loaded.get(name);
  if (!Icon) {
    Icon = lazy(load);
    loaded.set(name, Icon);
  }
  return (
    // An icon-sized blank while the icon loads, so the menu text does not move.
    <Suspense fallback={<span className="anticon" style={{ width: '1em', height: '1em' }} />}>
      <Icon />
    </Suspense>
  );
}
