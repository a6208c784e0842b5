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

/**
 * The interface languages a client may store (spec 1: English plus 28), in Vikunja's codes so
 * settings stay compatible between Ordo and Vikunja clients. Which of them the web has translated
 * is the web's own list; any of these falls back to English where no translation exists.
 */
export const interfaceLanguages = [
  'en',
  'de-DE',
  'de-swiss',
  'ru-RU',
  'fr-FR',
  'vi-VN',
  'it-IT',
  'cs-CZ',
  'pl-PL',
  'nl-NL',
  'pt-PT',
  'zh-CN',
  'no-NO',
  'es-ES',
  'da-DK',
  'ja-JP',
  'hu-HU',
  'ar-SA',
  'sl-SI',
  'pt-BR',
  'hr-HR',
  'uk-UA',
  'lt-LT',
  'bg-BG',
  'ko-KR',
  'tr-TR',
  'fi-FI',
  'he-IL',
  'sv-SE',
] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

/** The base language of a tag; Norwegian browsers say Bokmål (nb) or Nynorsk (nn), Vikunja says no. */
function baseOf(tag: string): string {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return base === 'nb' || base === 'nn' ? 'no' : base;
}

/** Browser tags for a language whose code is Vikunja's own: Swiss German (gsw) is 'de-swiss'. */
const aliases: Readonly<Record<string, string>> = { gsw: 'de-swiss' };
const aliasOf = (tag: string) => aliases[tag.toLowerCase().split(/[-_]/)[0]];

/**
 * Is `language` one we can serve? Accepts a base code ('de') or a regional tag ('de-DE', 'en_US',
 * 'fr-CA'), matching on the base language, so browser languages pass as they are.
 */
export function isSupportedLanguage(language: string): boolean {
  return (
    /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(language) &&
    (aliasOf(language) !== undefined || interfaceLanguages.some((code) => baseOf(code) === baseOf(language)))
  );
}

/**
 * The code in `available` for a stored or browser language tag: the same tag (any case, '_' or
 * '-'), else the first with the same base language ('fr-CA' → 'fr-FR', 'pt' → 'pt-PT'; 'gsw-CH'
 * → 'de-swiss'); English when none matches. 'de-CH' is Swiss Standard German, so it is 'de-DE'.
 */
export function resolveLanguage<Code extends string = InterfaceLanguage>(
  language: string | null | undefined,
  available: readonly Code[] = interfaceLanguages as unknown as readonly Code[],
): Code | 'en' {
  if (!language) return 'en';
  const tag = language.toLowerCase().replace(/_/g, '-');
  const base = baseOf(tag);
  const alias = aliasOf(tag);
  return (
    available.find((code) => code.toLowerCase() === tag) ??
    available.find((code) => code === alias) ??
    available.find((code) => baseOf(code) === base) ??
    'en'
  );
}

/** Display name: the name when set, else the username (spec 1 §3). */
export function displayName(user: { name?: string | null; username: string }): string {
  return user.name?.trim() ? user.name : user.username;
}
