import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadStoredToken } from './api/auth-token';
import { setUnauthorizedHandler } from './api/client';
import { AppProviders } from './app/providers';
import { ReadinessGate } from './app/readiness-gate';
import { routes } from './app/routes';
import { dropSession } from './features/auth/session-actions';
import { i18nReady } from './i18n/i18n';

loadStoredToken();
// A 401 means the server ended this session (logout elsewhere, password change): sign out here.
setUnauthorizedHandler(dropSession);

const router = createBrowserRouter(routes);

// Render once the browser's language is loaded (its own chunk), so nothing flashes in English.
void i18nReady.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProviders>
        <ReadinessGate>
          <RouterProvider router={router} />
        </ReadinessGate>
      </AppProviders>
    </StrictMode>,
  ),
);
