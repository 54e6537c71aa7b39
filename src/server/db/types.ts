/** Kysely table types of the foundation tables (the records engine adds its own). */
import type { ColumnType, Generated } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO text, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface TenantsTable {
  id: Generated<number>;
  code: string;
  name: string;
  status: Generated<string>;
  create_time: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  dept_id: number | null;
  user_name: string;
  nick_name: string;
  email: Generated<string>;
  phonenumber: Generated<string>;
  sex: Generated<string>;
  avatar: Generated<string>;
  open_id: string | null;
  password_hash: string;
  status: Generated<string>;
  /** Self-registered, waiting for an administrator (migration 173). */
  pending_approval: Generated<boolean>;
  login_ip: Generated<string>;
  login_date: NullableTimestamp;
  /** The sign-in before the latest one (shown as 上次登录). */
  prev_login_ip: Generated<string>;
  prev_login_date: NullableTimestamp;
  pwd_update_time: NullableTimestamp;
  remark: Generated<string>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_by: Generated<string>;
  update_time: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  tenant_id: number;
  role_name: string;
  role_key: string;
  role_sort: Generated<number>;
  status: Generated<string>;
  remark: Generated<string>;
  /** 数据权限: '1' 全部, '2' 自定义部门 (role_depts), '3' 本部门, '4' 本部门及以下, '5' 仅本人 (migration 176). */
  data_scope: Generated<string>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_by: Generated<string>;
  update_time: Timestamp;
}

export interface RoleDeptsTable {
  tenant_id: number;
  role_id: number;
  dept_id: number;
}

export interface RoleFormScopesTable {
  tenant_id: number;
  role_id: number;
  form_name: string;
  data_scope: string;
}

export interface RolePermissionsTable {
  tenant_id: number;
  role_id: number;
  permission: string;
}

export interface UserRolesTable {
  tenant_id: number;
  user_id: number;
  role_id: number;
}

export interface DeptsTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: Generated<number>;
  ancestors: Generated<string>;
  dept_name: string;
  order_num: Generated<number>;
  leader: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  status: Generated<string>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_by: Generated<string>;
  update_time: Timestamp;
}

export interface LoginTokensTable {
  token_hash: string;
  tenant_id: number;
  user_id: number;
  ip: Generated<string>;
  user_agent: Generated<string>;
  create_time: Timestamp;
  expire_time: Timestamp;
  revoked_time: NullableTimestamp;
  need_perfect: Generated<boolean>;
}

/** Who stored an upload (`file_key` is the store key): the uploader may delete it while no record holds it. */
export interface FileUploadsTable {
  file_key: string;
  tenant_id: number;
  user_id: number;
  create_time: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  tenant_code: string;
  user_name: string;
  ip: string;
  success: boolean;
  msg: Generated<string>;
  attempt_time: Timestamp;
}

export interface CaptchasTable {
  uuid: string;
  answer: string;
  expire_time: Timestamp;
}

/** SMS verification codes (migration 172): hashed, counted per number and per client address. */
export interface SmsCodesTable {
  id: Generated<string>;
  tenant_id: number;
  phone: string;
  client_ip: string;
  code_salt: string;
  code_hash: string;
  wrong_tries: Generated<number>;
  used: Generated<boolean>;
  send_time: Timestamp;
  expire_time: Timestamp;
}

/** Dashboards (migration 180, src/server/dashboards): panels over forms, per tenant. */
export interface DashboardsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  route_key: string | null;
  refresh_seconds: Generated<number>;
  /** jsonb: read as the parsed panel list, written as JSON text. */
  panels: ColumnType<unknown, string, string>;
  /** 公开访问 (migration 204): served signed out over published records only. */
  is_public: Generated<boolean>;
  version: Generated<number>;
  create_by: Generated<string>;
  create_time: Generated<Date>;
  update_by: Generated<string>;
  update_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Wrong SMS code answers per client address (migration 172). */
export interface SmsCodeFailuresTable {
  client_ip: string;
  fail_time: Timestamp;
}

/** RSA key pairs of the encrypted sign-in, one per day (migration 188). */
export interface LoginKeysTable {
  key_id: string;
  period: string;
  public_pem: string;
  private_pem: string;
  create_time: Timestamp;
  accept_until: Timestamp;
}

/** Nonces of accepted encrypted sign-ins, kept until their window has passed (migration 188). */
export interface LoginNoncesTable {
  nonce: string;
  expire_time: Timestamp;
}

/** Forms open to anonymous filling, per tenant (migration 189). */
export interface AnonymousFormsTable {
  tenant_id: number;
  form_name: string;
  enabled: boolean;
  sys_status: number;
  update_by: string;
  update_time: Timestamp;
}

/** The portal's sources: a form's records published in a portal section (migration 190). */
export interface PortalSourcesTable {
  tenant_id: number;
  form_name: string;
  enabled: boolean;
  section: string;
  title_field: string;
  date_field: string | null;
  category_field: string | null;
  /** The published fields' enNames, in order (jsonb array). */
  fields: ColumnType<string[], string, string>;
  publish_status: number | null;
  publish_field: string | null;
  publish_value: string | null;
  sort: number;
  update_by: string;
  update_time: Timestamp;
}

/** Anonymous submission attempts per client address (migration 189). */
/** Calls without a token counted per client address and action (migration 193). */
export interface PublicAttemptsTable {
  action: string;
  client_ip: string;
  attempt_time: Timestamp;
}

/** The messaging-app sign-in's one-time grants: an OAuth state, or a bind ticket (migration 197). */
export interface WxAppGrantsTable {
  id: Generated<number>;
  kind: 'state' | 'bind';
  secret_hash: string;
  browser_hash: string;
  tenant_id: number;
  open_id: string | null;
  redirect: Generated<string>;
  /** Started by 绑定微信 while signed in (migration 205): an openId bound elsewhere is refused. */
  for_bind: Generated<boolean>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  create_time: Timestamp;
}

/** Provider codes already exchanged (migration 197). */
export interface WxAppUsedCodesTable {
  code_hash: string;
  used_at: Timestamp;
}

export interface AnonymousSubmissionsTable {
  client_ip: string;
  tenant_id: number;
  form_name: string;
  submit_time: Timestamp;
}

/** One call to an outside provider (外部接口日志, migration 199); bodies are redacted before they are stored. */
export interface OutApiLogTable {
  id: Generated<number>;
  tenant_id: number | null;
  provider: string;
  method: string;
  url: string;
  status: number | null;
  outcome: string;
  duration_ms: number;
  error_msg: string;
  request_body: string;
  response_body: string;
  call_time: Timestamp;
}

export interface OperLogTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  business_type: number;
  method: Generated<string>;
  request_method: Generated<string>;
  oper_user_id: number | null;
  oper_name: Generated<string>;
  dept_name: Generated<string>;
  oper_url: Generated<string>;
  oper_ip: Generated<string>;
  oper_param: Generated<string>;
  status: Generated<number>;
  error_msg: Generated<string>;
  oper_time: Timestamp;
}

export interface DictDataTable {
  id: Generated<number>;
  tenant_id: number;
  dict_sort: Generated<number>;
  dict_label: string;
  dict_value: string;
  dict_type: string;
  css_class: Generated<string>;
  list_class: Generated<string>;
  is_default: Generated<string>;
  status: Generated<string>;
  remark: Generated<string>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_by: Generated<string>;
  update_time: Timestamp;
}

export interface ConfigsTable {
  id: Generated<number>;
  tenant_id: number;
  config_name: string;
  config_key: string;
  config_value: string;
  config_type: Generated<string>;
  remark: Generated<string>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_by: Generated<string>;
  update_time: Timestamp;
}

export interface ConstantsTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: Generated<number>;
  name: string;
  data_type: Generated<string>;
  order_num: Generated<number>;
  status: Generated<number>;
  form_name: string | null;
  remark: Generated<string>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_time: Timestamp;
}

export interface AddressesTable {
  id: number;
  parent_id: number;
  name: string;
  level: number;
}

export interface MenusTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: Generated<number>;
  menu_name: string;
  route_name: Generated<string>;
  path: Generated<string>;
  component: string | null;
  query: Generated<string>;
  is_frame: Generated<string>;
  target: Generated<string>;
  menu_type: string;
  visible: Generated<string>;
  status: Generated<string>;
  perms: Generated<string>;
  icon: Generated<string>;
  order_num: Generated<number>;
  form_name: string | null;
  create_time: Timestamp;
  update_time: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  title: string;
  content: Generated<string>;
  msg_type: Generated<string>;
  is_read: Generated<boolean>;
  link: Generated<string>;
  create_time: Timestamp;
  read_time: NullableTimestamp;
}

/** A tenant's default module list (user_id 0) or one user's, as JSON text `[{id, selected}]`. */
export interface HomeModulesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: Generated<number>;
  modules: string;
  update_time: Timestamp;
}

/** One calendar entry of one user; times are wall-clock `timestamp` (no zone), read as text. */
export interface UserCalendarTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  title: string;
  content: Generated<string>;
  start_time: string;
  end_time: string;
  all_day: Generated<boolean>;
  create_time: Timestamp;
  update_time: Timestamp;
}

/** A tenant's rolling announcement; dates are `date` columns, read as text. */
export interface RollingAnnounceTable {
  id: Generated<number>;
  tenant_id: number;
  content: string;
  start_date: string | null;
  end_date: string | null;
  status: Generated<string>;
  sort: Generated<number>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_time: Timestamp;
}

/** How often a user opened a menu page (常用功能). */
export interface MenuVisitsTable {
  tenant_id: number;
  user_id: number;
  menu_id: number;
  visit_count: Generated<number>;
  last_visit: Timestamp;
}

export interface UserConfigsTable {
  tenant_id: number;
  user_id: number;
  config_key: string;
  config_value: string;
  update_time: Timestamp;
}

export interface SeedStepsTable {
  name: string;
  done_time: Timestamp;
}

/** The migrations applied (db/migrate.ts creates it before the first). */
export interface SchemaMigrationsTable {
  id: number;
  name: string;
  applied_time: Generated<Date>;
}

/** A saved form definition and the storage snapshot its tables follow (records migration 100). */
/** One saved version of a form definition (migration 130). */
export interface FormDefinitionVersionsTable {
  form_id: number;
  version: number;
  tenant_id: number;
  /** jsonb: read as the parsed definition, written as JSON text. */
  definition: ColumnType<unknown, string, string>;
  saved_by: Generated<string>;
  saved_time: Timestamp;
}

export interface FormDefinitionsTable {
  id: Generated<number>;
  tenant_id: number;
  en_name: string;
  cn_name: string;
  /** jsonb: read as the parsed definition, written as JSON text. */
  definition: ColumnType<unknown, string, string>;
  storage: ColumnType<unknown, string, string>;
  version: Generated<number>;
  create_by: Generated<string>;
  create_time: Timestamp;
  update_by: Generated<string>;
  update_time: Timestamp;
}

/** One idempotency key of `add` (migrations 100, 111). */
export interface RecordAddKeysTable {
  tenant_id: number;
  uuid: string;
  form_id: number;
  record_id: number | null;
  payload_hash: string | null;
  create_time: Timestamp;
}

/** The last serial number given per form, serialNumber field and period. */
export interface SerialCountersTable {
  tenant_id: number;
  form_id: number;
  column_id: number;
  period: string;
  value: number;
}

/** A user's saved filter keys of a form (jsonb list). */
export interface SavedQueriesTable {
  tenant_id: number;
  user_id: number;
  form: string;
  keys: ColumnType<unknown, string, string>;
  update_time: Timestamp;
}

/** A user's table settings of a form (jsonb object). */
export interface UserTableSettingsTable {
  tenant_id: number;
  user_id: number;
  form: string;
  settings: ColumnType<unknown, string, string>;
  update_time: Timestamp;
}

/**
 * The one escape from typed tables: a row of a per-form table (`t_{tenant}.{table}`), whose
 * columns are named at run time from the form's stored storage snapshot. Only the records
 * engine's repositories read them, as `sql<FormTableRow>` with `sql.id` over validated names;
 * values are as pg answers them (query/rowShape maps them to API keys).
 */
export type FormTableRow = Record<string, unknown>;

/**
 * Every table with a fixed shape: the foundation's and the records engine's system tables. The
 * per-form tables (`t_{tenant}.{form}`, named at run time from stored definitions) are not here:
 * they are reached with `sql` and `sql.id` from validated names and read as FormTableRow.
 */
/** Print templates of a form (migration 45, src/server/print). */
export interface PrintTemplatesTable {
  id: Generated<number>;
  tenant_id: number;
  form_name: string;
  name: string;
  paper: ColumnType<'A4' | 'A5', 'A4' | 'A5' | undefined, 'A4' | 'A5'>;
  orientation: ColumnType<'portrait' | 'landscape', 'portrait' | 'landscape' | undefined, 'portrait' | 'landscape'>;
  margin_top: ColumnType<number, number | undefined, number>;
  margin_right: ColumnType<number, number | undefined, number>;
  margin_bottom: ColumnType<number, number | undefined, number>;
  margin_left: ColumnType<number, number | undefined, number>;
  header: ColumnType<string, string | undefined, string>;
  footer: ColumnType<string, string | undefined, string>;
  body: string;
  /** A layout template's layout (migration 203, ADR 1054); null for an HTML template. */
  layout: ColumnType<unknown, string | null | undefined, string | null>;
  docx: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  docx_name: ColumnType<string, string | undefined, string>;
  create_by: ColumnType<string, string | undefined, string>;
  create_time: Timestamp;
  update_by: ColumnType<string, string | undefined, string>;
  update_time: Timestamp;
}

/** One row per record printed (migration 45). */
export interface PrintHistoryTable {
  id: Generated<string>;
  tenant_id: number;
  form_name: string;
  record_id: number | string;
  template_id: number | null;
  template_name: string;
  kind: 'print' | 'pdf' | 'docx';
  user_id: number;
  user_name: string;
  nick_name: ColumnType<string, string | undefined, string>;
  print_time: Timestamp;
}

/** 制度发布 (migration 184): a policy; jsonb lists read parsed, written as JSON text. */
export interface PoliciesTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  content: Generated<string>;
  attachments: ColumnType<unknown, string | undefined, string>;
  user_ids: ColumnType<unknown, string | undefined, string>;
  dept_ids: ColumnType<unknown, string | undefined, string>;
  /** '0' draft, '1' published. */
  status: Generated<string>;
  create_by: number;
  create_time: Timestamp;
  update_time: Timestamp;
  publish_time: NullableTimestamp;
  publish_by: number | null;
}

/** The users a policy's publication notified. */
export interface PolicyRecipientsTable {
  tenant_id: number;
  policy_id: number;
  user_id: number;
}

/** A tenant's policy settings (jsonb object). */
export interface PolicySettingsTable {
  tenant_id: number;
  settings: ColumnType<unknown, string, string>;
  update_time: Timestamp;
}

/** A tenant's working-day calendar (jsonb WorkCalendar; absent = the default calendar). */
export interface WorkCalendarsTable {
  tenant_id: number;
  calendar: ColumnType<unknown, string, string>;
  update_by: string;
  update_time: Timestamp;
}

/** 文档管理 (migration 186): a folder or a file of the resource library; parent 0 is the root. */
export interface ResourcesTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number;
  kind: 'folder' | 'file';
  name: string;
  /** The store key of the current version (files only). */
  file_key: string | null;
  size: Generated<number>;
  /** The current version number (files; 0 for folders). */
  version: Generated<number>;
  create_by: number;
  create_time: Timestamp;
  update_by: number | null;
  update_time: Timestamp;
}

/** Every uploaded version of a resource file. */
export interface ResourceVersionsTable {
  tenant_id: number;
  resource_id: number;
  version: number;
  file_key: string;
  size: number;
  create_by: number;
  create_time: Timestamp;
}

/** A permission entry on a node: 1 view, 2 download, 3 manage, for a user, a role or a department. */
export interface ResourcePermissionsTable {
  tenant_id: number;
  resource_id: number;
  subject_type: 'user' | 'role' | 'dept';
  subject_id: number;
  level: number;
}

export interface Database {
  resources: ResourcesTable;
  resource_versions: ResourceVersionsTable;
  resource_permissions: ResourcePermissionsTable;
  work_calendars: WorkCalendarsTable;
  policies: PoliciesTable;
  policy_recipients: PolicyRecipientsTable;
  policy_settings: PolicySettingsTable;
  print_templates: PrintTemplatesTable;
  print_history: PrintHistoryTable;
  tenants: TenantsTable;
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  role_depts: RoleDeptsTable;
  role_form_scopes: RoleFormScopesTable;
  user_roles: UserRolesTable;
  depts: DeptsTable;
  login_tokens: LoginTokensTable;
  login_attempts: LoginAttemptsTable;
  file_uploads: FileUploadsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_code_failures: SmsCodeFailuresTable;
  login_keys: LoginKeysTable;
  login_nonces: LoginNoncesTable;
  anonymous_forms: AnonymousFormsTable;
  portal_sources: PortalSourcesTable;
  anonymous_submissions: AnonymousSubmissionsTable;
  public_attempts: PublicAttemptsTable;
  wxapp_grants: WxAppGrantsTable;
  wxapp_used_codes: WxAppUsedCodesTable;
  dashboards: DashboardsTable;
  oper_log: OperLogTable;
  out_api_log: OutApiLogTable;
  dict_data: DictDataTable;
  configs: ConfigsTable;
  constants: ConstantsTable;
  addresses: AddressesTable;
  menus: MenusTable;
  user_configs: UserConfigsTable;
  messages: MessagesTable;
  home_modules: HomeModulesTable;
  user_calendar: UserCalendarTable;
  rolling_announce: RollingAnnounceTable;
  menu_visits: MenuVisitsTable;
  seed_steps: SeedStepsTable;
  schema_migrations: SchemaMigrationsTable;
  form_definitions: FormDefinitionsTable;
  form_definition_versions: FormDefinitionVersionsTable;
  record_add_keys: RecordAddKeysTable;
  serial_counters: SerialCountersTable;
  saved_queries: SavedQueriesTable;
  user_table_settings: UserTableSettingsTable;
}
