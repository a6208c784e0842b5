/**
 * All of English, as the tests read it: en.json (bundled with the app's first download) and
 * en-later.json (the texts of pages that load later; i18n.ts adds them when they arrive). The
 * app itself never imports this, or both files would be in its first download.
 */
import en from './en.json';
import later from './en-later.json';

export const english = { ...en, ...later };
