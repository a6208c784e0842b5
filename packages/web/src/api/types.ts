/** The API's shapes as the app sees them (camelCase); see reference/vikunja-api.md. */
import type { ColorSchema, DefaultView, QuickAddMagicMode } from '@ordo/core';

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

export interface User {
  id: number;
  name: string;
  username: string;
  email?: string;
  created: string;
  updated: string;
}

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
