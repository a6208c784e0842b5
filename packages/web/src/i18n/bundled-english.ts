/**
 * English as the app's first download holds it: en.json with the error catalogue's English texts.
 * The app starts from it (i18n.ts), and so does the login screen the server draws
 * (prerender/login-screen.tsx); both fall back to it for any text another language lacks.
 */
import en from './en.json';
import { englishErrorTexts } from './error-text';

export function bundledEnglish() {
  return { ...en, errors: { ...en.errors, ...englishErrorTexts() } };
}
