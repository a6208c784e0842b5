/**
 * User settings and frontend settings as they travel over the wire (snake_case), with the
 * defaults of spec 1 §3. The server stores them; the web app reads them to pick the theme,
 * language, week start and more.
 */
export type QuickAddMagicMode = 'disabled' | 'vikunja' | 'todoist';
export type ColorSchema = 'auto' | 'light' | 'dark';
export type DefaultView = 'first' | 'list' | 'gantt' | 'table' | 'kanban';

export interface FrontendSettings {
  play_sound_when_done: boolean;
  quick_add_magic_mode: QuickAddMagicMode;
  color_schema: ColorSchema;
  allow_icon_changes: boolean;
  default_view: DefaultView;
  minimum_priority: number;
  filter_id_used_on_overview: number | null;
  [extra: string]: unknown;
}

export const defaultFrontendSettings: FrontendSettings = {
  play_sound_when_done: true,
  quick_add_magic_mode: 'vikunja',
  color_schema: 'auto',
  allow_icon_changes: true,
  default_view: 'first',
  minimum_priority: 2,
  filter_id_used_on_overview: null,
};

export interface UserSettings {
  name: string;
  email_reminders_enabled: boolean;
  discoverable_by_name: boolean;
  discoverable_by_email: boolean;
  overdue_tasks_reminders_enabled: boolean;
  overdue_tasks_reminders_time: string;
  default_project_id: number;
  week_start: number;
  language: string;
  timezone: string;
  frontend_settings: FrontendSettings;
}

export const defaultUserSettings: Omit<UserSettings, 'name' | 'frontend_settings'> = {
  email_reminders_enabled: true,
  discoverable_by_name: false,
  discoverable_by_email: false,
  overdue_tasks_reminders_enabled: true,
  overdue_tasks_reminders_time: '09:00',
  default_project_id: 0,
  week_start: 0,
  language: '',
  timezone: '',
};

/** Interface languages Ordo ships complete translations for. */
export const supportedLanguages = ['en', 'de'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/**
 * Is `language` one we can serve? Accepts a base code ('de') or a regional tag ('de-DE', 'en_US'),
 * matching on the base language, so browser languages pass as they are.
 */
export function isSupportedLanguage(language: string): boolean {
  const base = language.toLowerCase().split(/[-_]/)[0];
  return (
    /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(language) &&
    (supportedLanguages as readonly string[]).includes(base)
  );
}

/** The interface language to use for a stored or browser language tag; English when unknown. */
export function resolveLanguage(language: string | null | undefined): SupportedLanguage {
  if (!language) return 'en';
  const base = language.toLowerCase().split(/[-_]/)[0];
  return (supportedLanguages as readonly string[]).includes(base) ? (base as SupportedLanguage) : 'en';
}

/** Display name: the name when set, else the username (spec 1 §3). */
export function displayName(user: { name?: string | null; username: string }): string {
  return user.name?.trim() ? user.name : user.username;
}
