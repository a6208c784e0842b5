/**
 * The login screen the server drew before the app's code arrived (server: http/login-screen.ts,
 * drawn by prerender/login-screen.tsx). The app takes it over: it starts with the configuration the
 * screen came with instead of asking `GET /info` again, draws the same screen in its place in one
 * go (main.tsx waits for the page's code first, so no loading screen comes between), and keeps what
 * the visitor typed meanwhile, the field they were in and where the cursor was (login-page.tsx).
 */
import { useLayoutEffect } from 'react';
import { API_URL_STORAGE_KEY } from '../api/api-url';
import { toCamel } from '../api/case-conversion';
import type { ServerInfo } from '../api/types';
import { pendingEmailConfirmToken, storeEmailConfirmToken } from '../features/auth/email-confirmation';
import { saveLastVisited } from './navigation/last-visited';
import { decideNavigation } from './navigation/navigation-decision';

// No document when the server draws the screen itself (prerender/login-screen.tsx).
const root = typeof document === 'undefined' ? null : document.getElementById('root');
const drawn = root?.dataset.prerendered === 'login';

function fieldsOf(scope: ParentNode) {
  return {
    username: scope.querySelector<HTMLInputElement>('input[name="username"]'),
    password: scope.querySelector<HTMLInputElement>('input[name="password"]'),
    remember: scope.querySelector<HTMLInputElement>('input[type="checkbox"]'),
  };
}

// The drawn screen's fields. React removes them from the page when it draws its own, but they
// keep what was typed into them until the login page has read it.
let drawnFields = drawn && root ? fieldsOf(root) : null;

// The drawn field the visitor is in, followed as focus moves. The login page reads it after React
// has taken the drawn fields off the page (no focus is left to read then), and the visitor may
// have moved on since the app's first reading: a password typed into the field the visitor had
// already left would land in the username.
let focusedField: HTMLInputElement | null = null;
const drawnForm = drawnFields && root ? root.querySelector('form') : null;
if (drawnFields && root && drawnForm) {
  const { username, password } = drawnFields;
  const fieldOrNull = (target: EventTarget | null) =>
    target === username || target === password ? (target as HTMLInputElement) : null;
  focusedField = fieldOrNull(document.activeElement);
  // Only the drawn form's own elements count: the app's screen, drawn into the same root, focuses
  // its username field as it appears, which is not the visitor moving.
  root.addEventListener('focusin', (event) => {
    if (event.target instanceof Node && drawnForm.contains(event.target))
      focusedField = fieldOrNull(event.target);
  });
  root.addEventListener('focusout', (event) => {
    // Focus gone nowhere (a click on the page's background) while the field is still on the page.
    if (event.target !== focusedField || event.relatedTarget !== null) return;
    queueMicrotask(() => {
      if (focusedField?.isConnected && document.activeElement !== focusedField) focusedField = null;
    });
  });
}

/**
 * The server draws the login screen for a first visit of any page that sends a visitor without a
 * session to the login page (server: http/login-screen.ts). Such a visitor is sent there before
 * the app starts, as its navigation guard would send them (the page to return to is kept), so the
 * app opens on the page that is on screen and takes it over as at /login. A visit the guard sends
 * elsewhere (a link share's token in the fragment, which the server does not see) is left to it.
 */
export function openDrawnScreenAtItsAddress(signedIn: boolean): void {
  if (!drawn || signedIn) return;
  const decision = decideNavigation(window.location, false, pendingEmailConfirmToken() !== null);
  if (decision.kind !== 'redirect' || decision.to !== '/login') return;
  if (decision.returnTarget) saveLastVisited(decision.returnTarget);
  if (decision.storeEmailConfirmToken) storeEmailConfirmToken(decision.storeEmailConfirmToken);
  window.history.replaceState(window.history.state, '', '/login');
}

/**
 * The configuration the screen was drawn with, when the app starts on such a screen and talks to
 * the server that drew it (not to an API address the visitor set in this browser).
 */
export function prerenderedServerInfo(): ServerInfo | null {
  if (!drawn || localStorage.getItem(API_URL_STORAGE_KEY) !== null || window.API_URL !== undefined)
    return null;
  const data = document.getElementById('ordo-login-info')?.textContent;
  if (!data) return null;
  try {
    return toCamel<ServerInfo>(JSON.parse(data));
  } catch {
    return null;
  }
}

export type LoginField = 'username' | 'password';

export interface TypedLogin {
  username: string;
  password: string;
  remember: boolean;
  /** The field the visitor is in (followed as focus moves, so also once the drawn screen is gone). */
  focus: LoginField | null;
  selection: { start: number; end: number } | null;
}

/** What was typed into the drawn screen, until `letGoOfDrawnScreen`; null without one. */
export function typedBeforeStart(): TypedLogin | null {
  if (!drawnFields) return null;
  const { username, password, remember } = drawnFields;
  const focused = focusedField;
  return {
    username: username?.value ?? '',
    password: password?.value ?? '',
    remember: remember?.checked ?? false,
    focus: focused === null ? null : (focused.name as LoginField),
    selection:
      focused && focused.selectionStart !== null && focused.selectionEnd !== null
        ? { start: focused.selectionStart, end: focused.selectionEnd }
        : null,
  };
}

/** After the app drew its own screen: the drawn one's style sheet and fields are not needed again. */
export function letGoOfDrawnScreen(): void {
  drawnFields = null;
  document.querySelector('style[data-login-screen]')?.remove();
}

/**
 * Drawn last in the app's tree: its effect runs after the login page's, once the app's first
 * screen is on the page, whichever screen that is.
 */
export function LetGoOfDrawnScreen(): null {
  useLayoutEffect(letGoOfDrawnScreen, []);
  return null;
}
