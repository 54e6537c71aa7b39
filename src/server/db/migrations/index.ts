/**
 * Every migration, in the order they run. A plain ordered list: append new entries at the end.
 * Ids 1–99 belong to the foundation, 100 and above to the records engine (src/server/records);
 * 131 (form menus' missing buttons) is a foundation data fix numbered after 130; 160 fixes the
 * demo 合同台账's print link and 161 gives the demo forms their print templates (records engine
 * data); 167 drops ADR 0933's change log (ADR 1028); 172 holds SMS verification codes, 173 marks
 * self-registered accounts waiting for approval; 174 adds flows' 抄送 entries and 175 the 抄送我的
 * menu (issue 30); 176 adds roles' data scopes (数据权限, issue 35), 177 indexes every form table's creator columns for them; 180 holds dashboards (issue 33), 178 adds the named statistics pages to them; 181–183 the energy module (issue 33, ADR 1043), appended after 196; 186 the resource library and 187 its 文档管理 menu (issue 34). 197 holds the messaging-app sign-in's one-time grants and spent codes, and makes an openId unique per tenant (issue 32 item 4); 198 gives flow tasks their deadline columns (审批期限, issue 30 item 2, ADR 1049); 199 the 外部接口日志 table and menu (issue 34 item 6); 204 marks dashboards public (公开访问, issue 33, ADR 1056); 203 (appended after 204) stores the print designer's layouts (issue 30, ADR 1054); 205 lets a WeChat grant remember that it was started to bind the signed-in account (issue 32).
 */
import type { Migration } from './types.js';
import { m172SmsCodes } from './172_sms_codes.js';
import { m173UserPendingApproval } from './173_user_pending_approval.js';
import { m178NamedDashboards } from './178_named_dashboards.js';
import { m180Dashboards } from './180_dashboards.js';
import { m204PublicDashboards } from './204_public_dashboards.js';
import { m186Resources } from './186_resources.js';
import { m187ResourceMenu } from './187_resource_menu.js';
import { m197WxAppSignIn } from './197_wxapp_sign_in.js';
import { m205WxAppBindIntent } from './205_wxapp_bind_intent.js';
import { m211EnergyRollupsOneIndex } from './211_energy_rollups_one_index.js';
import { m208ValueCounts } from '../../records/migrations/208_value_counts.js';
import { m199OutApiLog } from './199_out_api_log.js';
import { m001Core } from './001_core.js';
import { m002System } from './002_system.js';
import { m003MessagesHome } from './003_messages_home.js';
import { m004CalendarAnnounceVisits } from './004_calendar_announce_visits.js';
import { m020AuthFiles } from './020_auth_files.js';
import { m030PreviousLogin } from './030_previous_login.js';
import { m045Print } from './045_print.js';
import { m050Flows } from './050_flows.js';
import { m100Records } from '../../records/migrations/100_records.js';
import { m110SqlRoles } from '../../records/migrations/110_sql_roles.js';
import { m111AddKeyPayload } from '../../records/migrations/111_add_key_payload.js';
import { m120RowCounts } from '../../records/migrations/120_row_counts.js';
import { m121ExpressionStats } from '../../records/migrations/121_expression_stats.js';
import { m122CreateTimeIndex } from '../../records/migrations/122_create_time_index.js';
import { m123WriteGeneration } from '../../records/migrations/123_write_generation.js';
import { m130FormVersions } from '../../records/migrations/130_form_versions.js';
import { m144JobRetries, m800Jobs } from '../../jobs/migration.js';
import { m060ButtonSecrets } from './060_button_secrets.js';
import { m131FormMenuButtons } from './131_form_menu_buttons.js';
import { m132ChangeLog } from '../../records/migrations/132_change_log.js';
import { m150ScalarChoices } from '../../records/migrations/150_scalar_choices.js';
import { m160DemoPrintLink } from '../../records/migrations/160_demo_print_link.js';
import { m161DemoPrintTemplates } from '../../records/migrations/161_demo_print_templates.js';
import { m167DropChangeLog } from '../../records/migrations/167_drop_change_log.js';
import { m174FlowCc } from './174_flow_cc.js';
import { m175FlowCcMenu } from './175_flow_cc_menu.js';
import { m176DataScope } from './176_data_scope.js';
import { m177ScopeIndexes } from '../../records/migrations/177_scope_indexes.js';
import { m184Policies } from './184_policies.js';
import { m185PolicyMenu } from './185_policy_menu.js';
import { m188LoginKeys } from './188_login_keys.js';
import { m189AnonymousForms } from './189_anonymous_forms.js';
import { m190PortalSources } from './190_portal_sources.js';
import { m191DashboardMenu } from './191_dashboard_menu.js';
import { m193PublicAttempts } from './193_public_attempts.js';
import { m194FlowBuilderMenu } from './194_flow_builder_menu.js';
import { m195WorkCalendars } from './195_work_calendars.js';
import { m196CalendarMenu } from './196_calendar_menu.js';
import { m181EnergyModel } from './181_energy_model.js';
import { m182EnergyReadings } from './182_energy_readings.js';
import { m183EnergyMenu } from './183_energy_menu.js';
import { m198FlowTaskDeadlines } from './198_flow_task_deadlines.js';
import { m203PrintLayouts } from './203_print_layouts.js';

export type { Migration } from './types.js';

export const migrations: Migration[] = [
  m001Core,
  m002System,
  m100Records,
  m003MessagesHome,
  m004CalendarAnnounceVisits,
  m110SqlRoles,
  m020AuthFiles,
  m111AddKeyPayload,
  m800Jobs,
  m030PreviousLogin,
  m120RowCounts,
  m121ExpressionStats,
  m122CreateTimeIndex,
  m045Print,
  m060ButtonSecrets,
  m050Flows,
  m130FormVersions,
  m123WriteGeneration,
  m132ChangeLog,
  m131FormMenuButtons,
  m144JobRetries,
  m150ScalarChoices,
  m160DemoPrintLink,
  m161DemoPrintTemplates,
  m167DropChangeLog,
  m172SmsCodes,
  m173UserPendingApproval,
  m174FlowCc,
  m175FlowCcMenu,
  m176DataScope,
  m177ScopeIndexes,
  m178NamedDashboards,
  m180Dashboards,
  m184Policies,
  m185PolicyMenu,
  m188LoginKeys,
  m189AnonymousForms,
  m190PortalSources,
  m191DashboardMenu,
  m193PublicAttempts,
  m194FlowBuilderMenu,
  m195WorkCalendars,
  m196CalendarMenu,
  m186Resources,
  m187ResourceMenu,
  m181EnergyModel,
  m182EnergyReadings,
  m183EnergyMenu,
  m197WxAppSignIn,
  m198FlowTaskDeadlines,
  m199OutApiLog,
  m204PublicDashboards,
  m203PrintLayouts,
  m205WxAppBindIntent,
  m208ValueCounts,
  m211EnergyRollupsOneIndex,
];
