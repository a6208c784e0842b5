/**
 * Interface language (spec 1 §3): the user's setting when signed in, else the browser's. English is
 * bundled and the fallback for any missing text; other languages load on first use (languages.ts).
 * English comes in two parts: en.json, with the texts of the shell, sign-in and everyday screens,
 * is in the first download; en-later.json, the texts of pages opened now and then (settings,
 * teams, sharing, imports, webhooks, saved filters), loads right after start, beside the app, and
 * every lazy page waits for it (app/lazy-page.ts).
 */
import { resolveLanguage } from '@ordo/core';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledEnglish } from './bundled-english';
import { offeredCodes, offeredLanguages } from './languages';

/** Loads a language's catalogue and its date-picker locale together, as i18next asks for it. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const offered = offeredLanguages.find((l) => l.code === language);
    if (!offered?.catalogue) return callback(null, {});
    Promise.all([offered.catalogue(), offered.dayjsLocale?.()]).then(
      ([catalogue]) => callback(null, catalogue.default),
      (error: Error) => callback(error, null),
    );
  },
};

/** Resolves once the first language (the browser's) is loaded; the app renders after it. */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: resolveLanguage(navigator.language, offeredCodes),
    resources: { en: { translation: bundledEnglish() } },
    partialBundledLanguages: true,
    fallbackLng: 'en',
    // Codes are used as they are ('pt-BR' is not 'pt'); resolveLanguage picked one already.
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    // A text added later (en-later.json) shows at once in whatever already rendered its key.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });

/** The rest of English, added to the bundled part as soon as it has loaded. */
export const laterEnglish: Promise<void> = import('./en-later.json').then(
  (later) => {
    i18n.addResourceBundle('en', 'translation', later.default, true, false);
  },
  // Not loaded (offline before it was ever cached): pages still open rather than wait for ever;
  // their own chunks would be missing as well, which the route's error screen says.
  () => undefined,
);

// Keep <html lang> right for screen readers and hyphenation, and <html dir> for Arabic and Hebrew
// (the layout mirrors: Mantine and our style sheets follow it), from the start and on every change.
function markDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}
markDocument(i18n.language ?? 'en');
i18n.on('languageChanged', markDocument);

/** Apply the user's language setting, or go back to the browser's when it is empty. */
export function applyLanguage(setting: string | null | undefined): void {
  const wanted = resolveLanguage(setting || navigator.language, offeredCodes);
  if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
}

export default i18n;
