/**
 * The icons a menu may name (`icon` of a menu entry), from @ant-design/icons: the sidebar shows
 * them and 菜单管理's icon picker offers them. Names are RuoYi-style short names; a name not in
 * the list falls back to the sidebar's default icon.
 */
import {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BellOutlined, BookOutlined, CalendarOutlined,
  CarOutlined, CloudOutlined, ClusterOutlined, ControlOutlined, DashboardOutlined, DatabaseOutlined, DollarOutlined, EditOutlined,
  FileSearchOutlined, FileTextOutlined, FolderOutlined, FormOutlined, GlobalOutlined, HomeOutlined, LinkOutlined, MailOutlined,
  MenuOutlined, MessageOutlined, MoneyCollectOutlined, PieChartOutlined, ProjectOutlined, SafetyOutlined, SettingOutlined,
  ShopOutlined, ShoppingCartOutlined, SolutionOutlined, TableOutlined, TagsOutlined, TeamOutlined, ToolOutlined, UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

export const MENU_ICONS: Record<string, ComponentType> = {
  apartment: ApartmentOutlined, appstore: AppstoreOutlined, audit: AuditOutlined, bank: BankOutlined, 'bar-chart': BarChartOutlined,
  bell: BellOutlined, book: BookOutlined, calendar: CalendarOutlined, car: CarOutlined, cloud: CloudOutlined, cluster: ClusterOutlined,
  control: ControlOutlined, dashboard: DashboardOutlined, database: DatabaseOutlined, dollar: DollarOutlined, edit: EditOutlined,
  'file-search': FileSearchOutlined, 'file-text': FileTextOutlined, folder: FolderOutlined, form: FormOutlined, global: GlobalOutlined,
  home: HomeOutlined, link: LinkOutlined, mail: MailOutlined, menu: MenuOutlined, message: MessageOutlined, 'money-collect': MoneyCollectOutlined,
  'pie-chart': PieChartOutlined, project: ProjectOutlined, safety: SafetyOutlined, setting: SettingOutlined, shop: ShopOutlined,
  'shopping-cart': ShoppingCartOutlined, solution: SolutionOutlined, table: TableOutlined, tags: TagsOutlined, team: TeamOutlined,
  tool: ToolOutlined, 'unordered-list': UnorderedListOutlined, user: UserOutlined,
};

/** The icon element for a menu's icon name, or undefined when the name is unknown or empty. */
export function menuIcon(name: string | undefined) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon /> : undefined;
}
