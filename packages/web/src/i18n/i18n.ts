/**
 * Interface language (spec 1 §3): the user's setting when signed in, else the browser's; English
 * and German are complete, anything else falls back to English.
 */
import { resolveLanguage } from '@ordo/core';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';
import { englishErrorTexts } from './error-text';

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {
      en: { translation: { ...en, errors: { ...en.errors, ...englishErrorTexts() } } },
      de: { translation: de },
    },
    fallbackLng: 'en',
    supportedLngs: ['en', 'de'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // The browser decides until a signed-in user's setting says otherwise; nothing is cached.
    detection: { order: ['navigator'], caches: [] },
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// Keep <html lang> right for screen readers and hyphenation, from the start and on every change.
document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
i18n.on('languageChanged', () => {
  document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
});

/** Apply the user's language setting, or go back to the browser's when it is empty. */
export function applyLanguage(setting: string | null | undefined): void {
  const wanted = resolveLanguage(setting || navigator.language);
  if (i18n.resolvedLanguage !== wanted) void i18n.changeLanguage(wanted);
}

export default i18n;
