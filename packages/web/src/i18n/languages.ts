/**
 * The interface languages the web offers: only complete translations are listed here (the
 * translations test holds each to English's keys and placeholders). Codes are Vikunja's, so a
 * stored setting means the same in both. Each catalogue and its dayjs locale (for the Mantine
 * date pickers) is its own chunk, loaded when the language is first used; English is bundled.
 */
type Catalogue = { default: Record<string, unknown> };

export interface OfferedLanguage {
  code: string;
  /** The language's own name, as the picker shows it. */
  name: string;
  /** The dayjs locale name for date pickers. */
  dayjs: string;
  catalogue?: () => Promise<Catalogue>;
  dayjsLocale?: () => Promise<unknown>;
}

export const offeredLanguages: readonly OfferedLanguage[] = [
  { code: 'en', name: 'English', dayjs: 'en' },
  {
    code: 'de-DE',
    name: 'Deutsch',
    dayjs: 'de',
    catalogue: () => import('./de.json'),
    dayjsLocale: () => import('dayjs/locale/de'),
  },
  {
    code: 'fr-FR',
    name: 'Français',
    dayjs: 'fr',
    catalogue: () => import('./fr-FR.json'),
    dayjsLocale: () => import('dayjs/locale/fr'),
  },
  {
    code: 'es-ES',
    name: 'Español',
    dayjs: 'es',
    catalogue: () => import('./es-ES.json'),
    dayjsLocale: () => import('dayjs/locale/es'),
  },
  {
    code: 'ja-JP',
    name: '日本語',
    dayjs: 'ja',
    catalogue: () => import('./ja-JP.json'),
    dayjsLocale: () => import('dayjs/locale/ja'),
  },
  {
    code: 'it-IT',
    name: 'Italiano',
    dayjs: 'it',
    catalogue: () => import('./it-IT.json'),
    dayjsLocale: () => import('dayjs/locale/it'),
  },
  {
    code: 'pt-PT',
    name: 'Português',
    dayjs: 'pt',
    catalogue: () => import('./pt-PT.json'),
    dayjsLocale: () => import('dayjs/locale/pt'),
  },
  {
    code: 'pt-BR',
    name: 'Português Brasileiro',
    dayjs: 'pt-br',
    catalogue: () => import('./pt-BR.json'),
    dayjsLocale: () => import('dayjs/locale/pt-br'),
  },
  {
    code: 'nl-NL',
    name: 'Nederlands',
    dayjs: 'nl',
    catalogue: () => import('./nl-NL.json'),
    dayjsLocale: () => import('dayjs/locale/nl'),
  },
  {
    code: 'pl-PL',
    name: 'Polski',
    dayjs: 'pl',
    catalogue: () => import('./pl-PL.json'),
    dayjsLocale: () => import('dayjs/locale/pl'),
  },
  {
    code: 'ru-RU',
    name: 'Русский',
    dayjs: 'ru',
    catalogue: () => import('./ru-RU.json'),
    dayjsLocale: () => import('dayjs/locale/ru'),
  },
  {
    code: 'zh-CN',
    name: '中文',
    dayjs: 'zh-cn',
    catalogue: () => import('./zh-CN.json'),
    dayjsLocale: () => import('dayjs/locale/zh-cn'),
  },
  {
    code: 'ko-KR',
    name: '한국어',
    dayjs: 'ko',
    catalogue: () => import('./ko-KR.json'),
    dayjsLocale: () => import('dayjs/locale/ko'),
  },
  {
    code: 'uk-UA',
    name: 'Українська',
    dayjs: 'uk',
    catalogue: () => import('./uk-UA.json'),
    dayjsLocale: () => import('dayjs/locale/uk'),
  },
  {
    code: 'cs-CZ',
    name: 'Čeština',
    dayjs: 'cs',
    catalogue: () => import('./cs-CZ.json'),
    dayjsLocale: () => import('dayjs/locale/cs'),
  },
  {
    code: 'tr-TR',
    name: 'Türkçe',
    dayjs: 'tr',
    catalogue: () => import('./tr-TR.json'),
    dayjsLocale: () => import('dayjs/locale/tr'),
  },
  {
    code: 'sv-SE',
    name: 'Svenska',
    dayjs: 'sv',
    catalogue: () => import('./sv-SE.json'),
    dayjsLocale: () => import('dayjs/locale/sv'),
  },
  {
    code: 'da-DK',
    name: 'Dansk',
    dayjs: 'da',
    catalogue: () => import('./da-DK.json'),
    dayjsLocale: () => import('dayjs/locale/da'),
  },
  {
    code: 'no-NO',
    name: 'Norsk bokmål',
    dayjs: 'nb',
    catalogue: () => import('./no-NO.json'),
    dayjsLocale: () => import('dayjs/locale/nb'),
  },
  {
    code: 'fi-FI',
    name: 'Suomi',
    dayjs: 'fi',
    catalogue: () => import('./fi-FI.json'),
    dayjsLocale: () => import('dayjs/locale/fi'),
  },
  {
    code: 'hu-HU',
    name: 'Magyar',
    dayjs: 'hu',
    catalogue: () => import('./hu-HU.json'),
    dayjsLocale: () => import('dayjs/locale/hu'),
  },
  {
    code: 'de-swiss',
    name: 'Schwizertütsch',
    dayjs: 'de-ch',
    catalogue: () => import('./de-swiss.json'),
    dayjsLocale: () => import('dayjs/locale/de-ch'),
  },
  {
    code: 'vi-VN',
    name: 'Tiếng Việt',
    dayjs: 'vi',
    catalogue: () => import('./vi-VN.json'),
    dayjsLocale: () => import('dayjs/locale/vi'),
  },
  {
    code: 'ar-SA',
    name: 'العربية',
    dayjs: 'ar',
    catalogue: () => import('./ar-SA.json'),
    dayjsLocale: () => import('dayjs/locale/ar'),
  },
  {
    code: 'sl-SI',
    name: 'Slovenščina',
    dayjs: 'sl',
    catalogue: () => import('./sl-SI.json'),
    dayjsLocale: () => import('dayjs/locale/sl'),
  },
  {
    code: 'hr-HR',
    name: 'Hrvatski',
    dayjs: 'hr',
    catalogue: () => import('./hr-HR.json'),
    dayjsLocale: () => import('dayjs/locale/hr'),
  },
  {
    code: 'lt-LT',
    name: 'Lietuvių',
    dayjs: 'lt',
    catalogue: () => import('./lt-LT.json'),
    dayjsLocale: () => import('dayjs/locale/lt'),
  },
  {
    code: 'bg-BG',
    name: 'Български',
    dayjs: 'bg',
    catalogue: () => import('./bg-BG.json'),
    dayjsLocale: () => import('dayjs/locale/bg'),
  },
  {
    code: 'he-IL',
    name: 'עברית',
    dayjs: 'he',
    catalogue: () => import('./he-IL.json'),
    dayjsLocale: () => import('dayjs/locale/he'),
  },
];

export const offeredCodes = offeredLanguages.map((l) => l.code);

/**
 * The picker's list: every offered language by its own name, in alphabetical order. One collator
 * for the sort: `localeCompare` with a locale builds a new one per comparison, which cost the
 * start of the app about 30 ms.
 */
const byName = new Intl.Collator('en').compare;
export const languageChoices = offeredLanguages
  .map((l) => ({ value: l.code, label: l.name }))
  .sort((a, b) => byName(a.label, b.label));

/** The dayjs locale for an interface language code ('en' when unknown). */
export function dayjsLocaleOf(code: string): string {
  return offeredLanguages.find((l) => l.code === code)?.dayjs ?? 'en';
}
