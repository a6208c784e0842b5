// Mantine's styles go in the `mantine` cascade layer, so the app's own CSS wins in whatever order
// the files arrive. The first download holds the base and the components the entry draws (the
// readiness gate, notices); the rest of Mantine's styles come with the first lazy shell or page
// (lazy-page.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/focus-ring.css';
import './app/notices.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { getToken, loadStoredToken } from './api/auth-token';
import { setOfflineWrites, setUnauthorizedHandler } from './api/client';
import { queryKeys } from './api/query-keys';
import { applyEntryStyles } from './app/entry-styles';
import { preloadMatchedPages } from './app/lazy-page';
import { decideNavigation } from './app/navigation/navigation-decision';
import { offlineWriteOf } from './app/offline/offline-changes';
import { captureOfflineWrite, startOutbox } from './app/offline/outbox';
import { newIdempotencyKey } from './app/offline/outbox-entry';
import { persistQueryCache, restoreQueryCache } from './app/offline/persist-cache';
import { trackWrite } from './app/offline/writes-in-flight';
import { startOpeningRequests } from './app/opening-requests';
import {
  LetGoOfDrawnScreen,
  openDrawnScreenAtItsAddress,
  prerenderedServerInfo,
} from './app/prerendered-login';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { ReadinessGate } from './app/readiness-gate';
import { RoutesWithMatches } from './app/route-matches';
import { routes } from './app/routes';
import { pendingEmailConfirmToken } from './features/auth/email-confirmation';
import { dropSession } from './features/auth/session-actions';
import { i18nReady } from './i18n/i18n';

const stylesReady = applyEntryStyles();
loadStoredToken();
openDrawnScreenAtItsAddress(getToken() !== null);
// A 401 means the server ended this session (logout elsewhere, password change): sign out here.
setUnauthorizedHandler(dropSession);

// A login screen the server drew (app/prerendered-login.ts): the app starts with the configuration
// it came with, and draws only once the page's code is here, so its own screen replaces the drawn
// one with no loading screen between.
const drawnInfo = prerenderedServerInfo();
if (drawnInfo) queryClient.setQueryData(queryKeys.info, drawnInfo);
// Otherwise the configuration is asked for first, before the page's files below: on HTTP/1.1 a
// browser opens six connections to a server, and a request made after the twenty-odd files of a
// page waits for them, so the session check would finish only after the page's code.
else startOpeningRequests(queryClient);

// The shell and the page of the address opened start loading now, together, while the app checks
// the session: not the page only once its shell has drawn (lazy-page.ts). An address the
// navigation guard sends elsewhere (home, signed out, goes to the login page) is left alone.
const opening = decideNavigation(window.location, getToken() !== null, pendingEmailConfirmToken() !== null);
const pagesLoaded =
  opening.kind === 'allow'
    ? preloadMatchedPages(matchRoutes(routes, window.location) ?? [])
    : Promise.resolve();

// Task writes made offline wait in the outbox; the last data shown is kept for the next start.
setOfflineWrites({
  accepts: (method, path, body) => offlineWriteOf(method, path, body) !== null,
  capture: captureOfflineWrite,
  newKey: newIdempotencyKey,
  track: trackWrite,
});
const offlineReady = restoreQueryCache(queryClient).then(async () => {
  persistQueryCache(queryClient);
  await startOutbox(queryClient);
});

// Render once the browser's language is loaded (its own chunk), so nothing flashes in English,
// the cache kept from the last visit is back (the app may be starting without a network) and
// the entry's style sheet has loaded (nothing is drawn unstyled).
// The first render is a transition: React renders it in slices and lets the browser in between,
// instead of one long task that blocks a tap or a keystroke while the app starts. The commit stays
// one task. Blocking time at 4× CPU fell by a tenth to a fifth on login and home (bench/RESULTS.md).
void Promise.all([i18nReady, offlineReady, stylesReady, drawnInfo ? pagesLoaded : null]).then(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <ReadinessGate>
            <BrowserRouter>
              <RoutesWithMatches routes={routes} />
            </BrowserRouter>
          </ReadinessGate>
        </AppProviders>
        <LetGoOfDrawnScreen />
      </StrictMode>,
    ),
  );
});
