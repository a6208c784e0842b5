/**
 * The API's shapes as the app sees them (camelCase); see reference/vikunja-api.md. The API's
 * objects come from core's contract (the schemas the server validates and documents with),
 * with their keys converted as case-conversion.ts converts them at the edge.
 */
import type {
  ColorSchema,
  Activity as ContractActivity,
  ApiToken as ContractApiToken,
  Attachment as ContractAttachment,
  Bucket as ContractBucket,
  Comment as ContractComment,
  Label as ContractLabel,
  LinkShare as ContractLinkShare,
  Notification as ContractNotification,
  Project as ContractProject,
  ProjectView as ContractProjectView,
  RelatedTask as ContractRelatedTask,
  Relation as ContractRelation,
  SavedFilter as ContractSavedFilter,
  SharedTeam as ContractSharedTeam,
  SharedUser as ContractSharedUser,
  Subscription as ContractSubscription,
  Task as ContractTask,
  TaskReminder as ContractTaskReminder,
  Team as ContractTeam,
  TeamMember as ContractTeamMember,
  User as ContractUser,
  ViewFilter as ContractViewFilter,
  Webhook as ContractWebhook,
  DefaultView,
  QuickAddMagicMode,
} from '@ordo/core';

/** `snake_case` → `snakeCase`, as snakeToCamel converts a key. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Next}${infer Rest}`
  ? `${Head}${Uppercase<Next>}${CamelKey<Rest>}`
  : S;

/** Keys whose object's keys are data (a reaction, a permission group): kept as they are. */
type KeyedByData = 'reactions' | 'permissions';

type KeepKeys<T> = { [K in keyof T]: CamelCased<T[K]> };

/** A wire type as toCamel hands it to the app: every field name camel-cased, all the way down. */
export type CamelCased<T> = T extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : T extends object
    ? {
        [K in keyof T as K extends string ? CamelKey<K> : K]: K extends KeyedByData
          ? KeepKeys<T[K]>
          : CamelCased<T[K]>;
      }
    : T;

export type Task = CamelCased<ContractTask>;
export type Activity = CamelCased<ContractActivity>;
export type RelatedTask = CamelCased<ContractRelatedTask>;
export type TaskReminder = CamelCased<ContractTaskReminder>;
export type Project = CamelCased<ContractProject>;
export type ProjectView = CamelCased<ContractProjectView>;
export type ViewFilter = CamelCased<ContractViewFilter>;
export type Bucket = CamelCased<ContractBucket>;
export type Label = CamelCased<ContractLabel>;
export type Comment = CamelCased<ContractComment>;
export type Team = CamelCased<ContractTeam>;
export type TeamMember = CamelCased<ContractTeamMember>;
export type LinkShare = CamelCased<ContractLinkShare>;
export type SharedUser = CamelCased<ContractSharedUser>;
export type SharedTeam = CamelCased<ContractSharedTeam>;
/** Its payload is typed where it is read (api/notifications.ts). */
export type Notification = CamelCased<ContractNotification>;
export type SavedFilter = CamelCased<ContractSavedFilter>;
export type Attachment = CamelCased<ContractAttachment>;
export type Subscription = CamelCased<ContractSubscription>;
export type Relation = CamelCased<ContractRelation>;
export type Webhook = CamelCased<ContractWebhook>;
export type ApiToken = CamelCased<ContractApiToken>;

export interface OpenIdProvider {
  key: string;
  name: string;
  authUrl: string;
  clientId: string;
  scope: string;
  logoutUrl: string;
}

export interface ServerInfo {
  version: string;
  frontendUrl: string;
  motd: string;
  linkSharingEnabled: boolean;
  maxFileSize: string;
  /** The importers that work on this server (`vikunja-file`, `ticktick`, `csv`). */
  availableMigrators?: string[];
  totpEnabled: boolean;
  /** ['upload'] when project backgrounds are on, null when they are off. */
  enabledBackgroundProviders: string[] | null;
  legal: { imprintUrl: string; privacyPolicyUrl: string };
  caldavEnabled: boolean;
  auth: {
    local: { enabled: boolean; registrationEnabled: boolean };
    ldap: { enabled: boolean };
    openidConnect: { enabled: boolean; redirectUrl: string; providers: OpenIdProvider[] | null };
  };
  emailRemindersEnabled: boolean;
  userDeletionEnabled: boolean;
  taskCommentsEnabled: boolean;
  taskAttachmentsEnabled: boolean;
  demoModeEnabled: boolean;
  /** Project webhooks can be managed (`ORDO_WEBHOOKS`). */
  webhooksEnabled: boolean;
  publicTeamsEnabled: boolean;
  allowIconChanges?: boolean;
}

export interface FrontendSettings {
  playSoundWhenDone: boolean;
  quickAddMagicMode: QuickAddMagicMode;
  colorSchema: ColorSchema;
  allowIconChanges: boolean;
  defaultView: DefaultView;
  minimumPriority: number;
  filterIdUsedOnOverview: number | null;
  [extra: string]: unknown;
}

export interface UserSettings {
  name: string;
  emailRemindersEnabled: boolean;
  discoverableByName: boolean;
  discoverableByEmail: boolean;
  overdueTasksRemindersEnabled: boolean;
  overdueTasksRemindersTime: string;
  defaultProjectId: number;
  weekStart: number;
  language: string;
  timezone: string;
  frontendSettings: FrontendSettings;
}

export type User = CamelCased<ContractUser>;

export interface CurrentUser extends User {
  settings: UserSettings;
  deletionScheduledAt: string;
  isLocalUser: boolean;
  authProvider: string;
  /** A changed e-mail address waiting for its mailed link; absent otherwise. */
  pendingEmail?: string;
}

export interface Message {
  message: string;
}
