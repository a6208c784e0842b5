/**
 * Table types for Kysely. Dates are stored as ISO-8601 UTC text (`2024-01-31T09:00:00Z`) on both
 * databases: fixed-width text sorts chronologically, compares with bound parameters the same way
 * on SQLite and PostgreSQL, and round-trips without time-zone surprises. Booleans are real
 * booleans on PostgreSQL and 0/1 on SQLite (bound as 1/0 by statement-cache.ts); read them with `!!`.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Bool = boolean | number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  /** 0 active, 1 e-mail confirmation required, 2 disabled, 3 locked */
  status: Generated<number>;
  /** 'local', 'ldap' or an OpenID provider key */
  issuer: Generated<string>;
  /** The issuer's id for the user (OIDC `sub`, LDAP DN); '' for local users */
  subject: Generated<string>;
  /** An AvatarProvider (core); 'default' until the user picks one */
  avatar_provider: Generated<string>;
  /** The stored picture of 'upload' (or of a managing provider) */
  avatar_file_id: Generated<number | null>;
  email_reminders_enabled: Generated<Bool>;
  discoverable_by_name: Generated<Bool>;
  discoverable_by_email: Generated<Bool>;
  overdue_tasks_reminders_enabled: Generated<Bool>;
  overdue_tasks_reminders_time: Generated<string>;
  default_project_id: number | null;
  week_start: Generated<number>;
  language: Generated<string>;
  timezone: Generated<string>;
  /** JSON text */
  frontend_settings: string | null;
  /** A new address waiting for its mailed link to be confirmed (migration 0021) */
  pending_email: Generated<string | null>;
  /** When the account is deleted, once the user confirmed the mailed link (migration 0021) */
  deletion_scheduled_at: Generated<string | null>;
  created: string;
  updated: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  long_lived: Bool;
  device_info: string;
  ip_address: string;
  created: string;
  last_active: string;
}

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: AccountTokenKind;
  token_hash: string;
  created: string;
}

export interface TotpTable {
  id: Generated<number>;
  user_id: number;
  secret: string;
  enabled: Generated<Bool>;
  /** bigint: PostgreSQL answers it as a string. */
  last_used_step: Generated<number | string>;
  failed_attempts: Generated<number>;
  created: string;
}

export type AccountTokenKind = 'password_reset' | 'email_confirm' | 'email_change' | 'account_deletion';

export interface ProjectsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  identifier: Generated<string>;
  hex_color: Generated<string>;
  owner_id: number;
  /** 0 for top-level projects */
  parent_project_id: Generated<number>;
  is_archived: Generated<Bool>;
  /** The uploaded background in `files`; null without one */
  background_file_id: number | null;
  /** The background's blur hash, painted while the image loads; '' without one */
  background_blur_hash: Generated<string>;
  position: Generated<number>;
  created: string;
  updated: string;
}

export interface ProjectViewsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  /** list | gantt | table | kanban */
  view_kind: Generated<string>;
  /** JSON text of the view filter object, or null */
  filter: string | null;
  position: Generated<number>;
  /** none | manual | filter */
  bucket_configuration_mode: Generated<string>;
  /** JSON text of [{title, filter}], or null */
  bucket_configuration: string | null;
  default_bucket_id: Generated<number>;
  done_bucket_id: Generated<number>;
  created: string;
  updated: string;
}

export interface BucketsTable {
  id: Generated<number>;
  project_view_id: number;
  title: string;
  limit: Generated<number>;
  position: Generated<number>;
  created_by_id: number;
  created: string;
  updated: string;
}

export interface TasksTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: Generated<string>;
  done: Generated<Bool>;
  done_at: string | null;
  due_date: string | null;
  start_date: string | null;
  end_date: string | null;
  repeat_after: Generated<number>;
  repeat_mode: Generated<number>;
  /** A CalDAV client's RRULE, verbatim; '' when the repeat is Ordo's own (migration 0040). */
  repeat_rule: Generated<string>;
  /** A CalDAV client's object lists dates it repeats on (RDATE; migration 0065). */
  repeat_dates: Generated<Bool>;
  priority: Generated<number>;
  hex_color: Generated<string>;
  percent_done: Generated<number>;
  index: number;
  uid: string;
  cover_image_attachment_id: Generated<number>;
  created_by_id: number;
  created: string;
  updated: string;
  /** The SEQUENCE CalDAV serves the task's VTODO with: its revisions (migration 0066). */
  caldav_sequence: Generated<number>;
}

export interface TaskPositionsTable {
  task_id: number;
  project_view_id: number;
  position: number;
}

export interface TaskBucketsTable {
  task_id: number;
  project_view_id: number;
  bucket_id: number;
  /** The task's position in this view, copied from task_positions by triggers (migration 0006); never written directly. */
  position: Generated<number | null>;
}

/** Tasks per bucket, kept by triggers on task_buckets (migration 0010); never written directly. */
export interface BucketTaskCountsTable {
  bucket_id: number;
  task_count: number;
}

/** Tasks per project, kept by triggers on tasks (migration 0011); never written directly. */
export interface ProjectTaskCountsTable {
  project_id: number;
  task_count: number;
}

/** The tasks that are a subtask of another task of their own project (migration 0059), kept by triggers. */
export interface ProjectSubtasksTable {
  task_id: number;
  project_id: number;
}

/**
 * The version of what a project's task lists are counted from (migration 0062), raised by triggers
 * on every write to it; never written directly.
 */
export interface ProjectListVersionsTable {
  project_id: number;
  version: number;
}

/** The search vocabulary (migration 0028), kept by triggers on tasks; never written directly. */
export interface SearchTermsTable {
  id: Generated<number>;
  term: string;
  /** The term's tasks, packed (migrations 0033 and 0034); written by the compaction alone. */
  postings?: Buffer;
}

/** (term, task) pairs changed since their term's postings were packed (0033, 0034). */
export interface SearchPostingsPendingTable {
  term_id: number;
  task_id: number;
}

/** Which task holds which term, 1 when in its title (migration 0028); kept by triggers. */
export interface TaskSearchTermsTable {
  term_id: number;
  task_id: number;
  in_title: number;
}

export interface LabelsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  hex_color: Generated<string>;
  created_by_id: number;
  created: string;
  updated: string;
}

export interface LabelTasksTable {
  id: Generated<number>;
  task_id: number;
  label_id: number;
  created: string;
}

export interface FavoritesTable {
  user_id: number;
  /** 'task' | 'project' */
  kind: string;
  entity_id: number;
}

/** A task with comments the user has not read yet (migration 0064). */
export interface TaskUnreadMarkersTable {
  user_id: number;
  task_id: number;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  /** Set for teams synced from a directory or OpenID provider, together with `issuer`. */
  external_id: Generated<string>;
  issuer: Generated<string>;
  is_public: Generated<Bool>;
  created_by_id: number;
  created: string;
  updated: string;
}

export interface TeamMembersTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  admin: Generated<Bool>;
  created: string;
}

/** A project shared with a user (`right` 0 read, 1 read & write, 2 admin). */
export interface ProjectUsersTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  right: number;
  created: string;
  updated: string;
}

/** A project shared with a team. */
export interface ProjectTeamsTable {
  id: Generated<number>;
  project_id: number;
  team_id: number;
  right: number;
  created: string;
  updated: string;
}

export interface LinkSharesTable {
  id: Generated<number>;
  /** 40 random characters, the share's address */
  hash: string;
  name: Generated<string>;
  project_id: number;
  right: number;
  /** 1 without password, 2 with password */
  sharing_type: number;
  /** bcrypt, '' without password */
  password_hash: Generated<string>;
  shared_by_id: number;
  created: string;
  updated: string;
}

export interface TaskAssigneesTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  created: string;
}

/** `reminder` is the absolute instant; relative reminders keep it in sync with their base date. */
export interface TaskRemindersTable {
  id: Generated<number>;
  task_id: number;
  reminder: string | null;
  /** Seconds, may be negative; 0 for absolute reminders. */
  relative_period: Generated<number>;
  /** '' | 'due_date' | 'start_date' | 'end_date' */
  relative_to: Generated<string>;
  created: string;
}

/** A stored file; its bytes live in the file store under its id. */
export interface FilesTable {
  id: Generated<number>;
  name: string;
  mime: Generated<string>;
  size: number;
  created_by_id: number;
  created: string;
}

export interface TaskAttachmentsTable {
  id: Generated<number>;
  task_id: number;
  file_id: number;
  created_by_id: number;
  created: string;
}

export interface TaskCommentsTable {
  id: Generated<number>;
  task_id: number;
  /** A user id, or a link share's negative id. */
  author_id: number;
  comment: string;
  created: string;
  updated: string;
}

/** One field change of a task (modules/activity). Values are JSON text, null when unset. */
export interface TaskActivityTable {
  id: Generated<number>;
  task_id: number;
  /** The task's project now: moving a task carries its history along. */
  project_id: number;
  /** A user id, a link share's negative id, or 0 for the server itself. */
  actor_id: number;
  field: string;
  before_value: string | null;
  after_value: string | null;
  created: string;
}

/** One direction of a relation; its inverse is a row of its own. */
export interface TaskRelationsTable {
  id: Generated<number>;
  task_id: number;
  other_task_id: number;
  relation_kind: string;
  created_by_id: number;
  created: string;
}

export interface ReactionsTable {
  id: Generated<number>;
  user_id: number;
  /** The reacted-to task, or the task of the reacted-to comment. */
  task_id: number;
  /** 'tasks' | 'comments' */
  entity_kind: string;
  entity_id: number;
  value: string;
  created: string;
}

/** An API token (migration 0019); only the salted PBKDF2 hash of the secret is kept. */
export interface ApiTokensTable {
  id: Generated<number>;
  title: string;
  token_salt: string;
  /** hex of PBKDF2-SHA256(token, salt, 10000 rounds, 50 bytes) */
  token_hash: string;
  token_last_eight: string;
  /** JSON text: group → permission names */
  permissions: string;
  expires_at: string;
  owner_id: number;
  created: string;
  updated: string;
}

/** A saved filter; it shows as the pseudo project `-(id + 1)` (reference §4.9). */
export interface SavedFiltersTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: Generated<string>;
  /** JSON text of {s, sort_by, order_by, filter, filter_include_nulls, filter_timezone?} */
  filters: string;
  is_favorite: Generated<Bool>;
  created: string;
  updated: string;
}

/** A user's data export (migration 0021): the finished zip, and a build under way. */
export interface UserExportsTable {
  id: Generated<number>;
  user_id: number;
  file_id: number | null;
  build_started: string | null;
}

/** A user's subscription to a project or task (migration 0022). */
export interface SubscriptionsTable {
  id: Generated<number>;
  entity_type: 'project' | 'task';
  entity_id: number;
  user_id: number;
  created: string;
}

/** A task's reminder at a time, claimed and notified by one server process (migration 0022). */
export interface ReminderDeliveriesTable {
  id: Generated<number>;
  task_id: number;
  reminder: string;
  created: string;
}

/** A day's overdue-tasks mail claimed for a user (migration 0027); `local_date` is YYYY-MM-DD in their zone. */
export interface OverdueDigestsTable {
  id: Generated<number>;
  user_id: number;
  local_date: string;
  created: string;
}

/** A day's overdue webhook events fired for a user (migration 0032); as `OverdueDigestsTable`. */
export type OverdueWebhookDaysTable = OverdueDigestsTable;

/** An in-app notification (migration 0022); `payload` is JSON text by `name` (reference §3.11). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  payload: string;
  project_id: number | null;
  read_at: string | null;
  created: string;
}

/** One import run (migration 0024): `finished_at` is null while it runs. */
export interface MigrationStatusTable {
  id: Generated<number>;
  user_id: number;
  migrator_name: string;
  started_at: string;
  finished_at: string | null;
  /** Migration 0039: the run as a background job. */
  state: ColumnType<ImportState, ImportState | undefined, ImportState>;
  stage: Generated<string>;
  done_count: Generated<number>;
  total: Generated<number>;
  error: string | null;
  result: string | null;
  heartbeat_at: string | null;
  created: string | null;
  cancel_requested: Generated<Bool>;
}

export type ImportState = 'running' | 'done' | 'failed' | 'cancelled';

/** A file a user imported (migration 0043), so the same file is not imported twice. */
export interface ImportFingerprintsTable {
  id: Generated<number>;
  user_id: number;
  migrator_name: string;
  /** SHA-256 (hex) of what the file held (fingerprint-repo.ts). */
  sha256: string;
  imported_at: string;
  /** JSON list of the project ids the import made. */
  project_ids: string;
}

/** A webhook (migration 0025): of a project or of a user, the other id is null. */
export interface WebhooksTable {
  id: Generated<number>;
  project_id: number | null;
  user_id: number | null;
  target_url: string;
  /** JSON text: the event names */
  events: string;
  secret: string;
  basic_auth_user: string;
  basic_auth_password: string;
  created_by_id: number;
  created: string;
  updated: string;
}

/** Webhook deliveries waiting for a retry (migration 0051; modules/webhooks/retries-repo.ts). */
export interface WebhookRetriesTable {
  id: Generated<number>;
  webhook_id: number;
  event_name: string;
  body: string;
  attempts: number;
  due_at: string;
  claimed_until: string | null;
}

/** The login rate limit's counters (migration 0013; http/rate-limit-store.ts). */
/** Idempotency-Key records (migration 0038); see http/idempotency.ts. */
export interface IdempotencyKeysTable {
  principal_id: number;
  key: string;
  fingerprint: string;
  state: 'pending' | 'done' | 'failed';
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created: number;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: number;
  hits: number;
}

/** Failed sign-in attempts per account and per client address (migration 0035); times in ms. */
export interface AuthFailuresTable {
  key: string;
  failures: number;
  wait_ms: number;
  blocked_until: number;
  last_attempt: number;
  refused: Generated<number>;
}

/** CalDAV tokens (migration 0026): only the SHA-256 of each secret is kept. */
/** What a CalDAV client last PUT for a task, and where (migration 0040). */
export interface CaldavObjectsTable {
  task_id: number;
  /** The collection the name was chosen in; when the task is elsewhere it is `<uid>.ics`. */
  project_id: number;
  /** The resource name, e.g. `client-abc.ics`; unique per project. */
  href: string;
  /** The task's UID, unique per project among these objects. */
  uid: string;
  /** The calendar object as the client sent it. */
  ics: string;
  /** The zone floating and all-day times were read in. */
  time_zone: string;
}

export interface CaldavTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created: string;
}

/** A project's CalDAV change counter (migration 0041), kept by triggers; never written directly. */
export interface CaldavSyncStateTable {
  project_id: number;
  seq: number;
  floor: Generated<number>;
}

/** The last change of each calendar object name (migration 0041), kept by triggers. */
export interface CaldavChangesTable {
  project_id: number;
  name: string;
  task_id: number;
  deleted: Bool;
  seq: number;
  changed_at: number;
  /** The counter when the name appeared; 0 when it predates tracking. */
  born: number;
}

/** The name a client gave a calendar it made with MKCALENDAR (migration 0041). */
export interface CaldavCollectionNamesTable {
  project_id: number;
  user_id: number;
  name: string;
}

/** A deleted item kept for restoring (migrations 0053–0054, modules/trash). */
export interface TrashTable {
  id: Generated<number>;
  /** 'task' | 'comment' | 'project' */
  kind: string;
  item_id: number;
  /** A comment's task; null for a task. */
  task_id: number | null;
  /** The project a task or comment was in; null for a project (gone with it). */
  project_id: number | null;
  /** A deleted project's owner, who may restore it; null for a task or comment. */
  owner_id: Generated<number | null>;
  title: string;
  deleted_by_id: number;
  deleted_at: string;
  /** The item's rows as JSON, table by table. */
  payload: string;
}

/** A project or task saved to create new ones from (migration 0055, modules/templates). */
export interface TemplatesTable {
  id: Generated<number>;
  owner_id: number;
  /** 'project' | 'task' */
  kind: string;
  title: string;
  task_count: number;
  /** The saved rows as JSON (modules/templates/template-body.ts). */
  body: string;
  created: string;
  updated: string;
}

/** A field a project defines for its tasks (migration 0056, modules/custom-fields). */
export interface ProjectFieldsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  /** A CustomFieldKind (core). */
  kind: string;
  /** JSON array of strings; '[]' for kinds without options. */
  options: string;
  position: number;
  /** Whether list rows and kanban cards show the field's values (migration 0058). */
  show_on_cards: Generated<Bool>;
  created: string;
  updated: string;
}

/**
 * A task's value for a field (migration 0056): `num_value` for number, checkbox (0/1) and user
 * (the user id); `text_value` for text, url, choice, choices (one row per chosen option) and date.
 */
export interface TaskFieldValuesTable {
  id: Generated<number>;
  task_id: number;
  field_id: number;
  num_value: number | null;
  text_value: string | null;
}

/**
 * The highest index a project has given to a task that has since left it, deleted or moved
 * away (migration 0068): `nextIndex` goes past it, so an index is never given twice.
 */
export interface RetiredTaskIndexesTable {
  project_id: number;
  task_index: number;
}

/** Stored files a trash entry holds (their attachments are in its payload). */
export interface TrashFilesTable {
  trash_id: number;
  file_id: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  totp: TotpTable;
  projects: ProjectsTable;
  project_views: ProjectViewsTable;
  buckets: BucketsTable;
  tasks: TasksTable;
  retired_task_indexes: RetiredTaskIndexesTable;
  task_positions: TaskPositionsTable;
  task_buckets: TaskBucketsTable;
  bucket_task_counts: BucketTaskCountsTable;
  project_task_counts: ProjectTaskCountsTable;
  /** Open (not done) tasks per project, kept by triggers (migration 0012). */
  project_open_task_counts: ProjectTaskCountsTable;
  project_subtasks: ProjectSubtasksTable;
  project_list_versions: ProjectListVersionsTable;
  search_terms: SearchTermsTable;
  task_search_terms: TaskSearchTermsTable;
  search_postings_pending: SearchPostingsPendingTable;
  labels: LabelsTable;
  label_tasks: LabelTasksTable;
  favorites: FavoritesTable;
  task_unread_markers: TaskUnreadMarkersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  project_users: ProjectUsersTable;
  project_teams: ProjectTeamsTable;
  link_shares: LinkSharesTable;
  task_assignees: TaskAssigneesTable;
  task_reminders: TaskRemindersTable;
  files: FilesTable;
  task_attachments: TaskAttachmentsTable;
  task_comments: TaskCommentsTable;
  task_activity: TaskActivityTable;
  task_relations: TaskRelationsTable;
  reactions: ReactionsTable;
  saved_filters: SavedFiltersTable;
  api_tokens: ApiTokensTable;
  caldav_tokens: CaldavTokensTable;
  caldav_sync_state: CaldavSyncStateTable;
  caldav_changes: CaldavChangesTable;
  caldav_collection_names: CaldavCollectionNamesTable;
  caldav_objects: CaldavObjectsTable;
  rate_limit_hits: RateLimitHitsTable;
  auth_failures: AuthFailuresTable;
  idempotency_keys: IdempotencyKeysTable;
  migration_status: MigrationStatusTable;
  import_fingerprints: ImportFingerprintsTable;
  subscriptions: SubscriptionsTable;
  notifications: NotificationsTable;
  reminder_deliveries: ReminderDeliveriesTable;
  overdue_digests: OverdueDigestsTable;
  overdue_webhook_days: OverdueWebhookDaysTable;
  user_exports: UserExportsTable;
  webhooks: WebhooksTable;
  webhook_retries: WebhookRetriesTable;
  trash: TrashTable;
  trash_files: TrashFilesTable;
  templates: TemplatesTable;
  project_fields: ProjectFieldsTable;
  task_field_values: TaskFieldValuesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectViewRow = Selectable<ProjectViewsTable>;
export type BucketRow = Selectable<BucketsTable>;
export type TaskRow = Selectable<TasksTable>;
export type LabelRow = Selectable<LabelsTable>;
export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type LinkShareRow = Selectable<LinkSharesTable>;
export type FileRow = Selectable<FilesTable>;
export type TaskCommentRow = Selectable<TaskCommentsTable>;
export type ReactionRow = Selectable<ReactionsTable>;
export type TrashRow = Selectable<TrashTable>;
export type TemplateRow = Selectable<TemplatesTable>;
export type ProjectFieldRow = Selectable<ProjectFieldsTable>;
export type TaskFieldValueRow = Selectable<TaskFieldValuesTable>;
export type TaskActivityRow = Selectable<TaskActivityTable>;
export type TaskReminderRow = Selectable<TaskRemindersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type SavedFilterRow = Selectable<SavedFiltersTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type CaldavTokenRow = Selectable<CaldavTokensTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookRetryRow = Selectable<WebhookRetriesTable>;
