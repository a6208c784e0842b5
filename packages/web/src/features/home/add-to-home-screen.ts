/**
 * The add-to-home-screen hint (spec 1 §2 "Other surfaces"): hidden for good once dismissed
 * (`hideAddToHomeScreenMessage` in localStorage) and never shown when the app already runs
 * installed (standalone display mode).
 */
export const HIDE_ADD_TO_HOME_SCREEN_KEY = 'hideAddToHomeScreenMessage';

export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'> = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || win.matchMedia('(display-mode: standalone)').matches;
}

export function showsAddToHomeScreen(storage: Storage, standalone: boolean): boolean {
  return !standalone && storage.getItem(HIDE_ADD_TO_HOME_SCREEN_KEY) !== 'true';
}

export function hideAddToHomeScreen(storage: Storage): void {
  storage.setItem(HIDE_ADD_TO_HOME_SCREEN_KEY, 'true');
}
