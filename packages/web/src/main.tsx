import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadStoredToken } from './api/auth-token';
import { setUnauthorizedHandler } from './api/client';
import { AppProviders } from './app/providers';
import { ReadinessGate } from './app/readiness-gate';
import { routes } from './app/routes';
import { dropSession } from './features/auth/session-actions';

loadStoredToken();
// A 401 means the server ended this session (logout elsewhere, password change): sign out here.
setUnauthorizedHandler(dropSession);

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders>
      <ReadinessGate>
        <RouterProvider router={router} />
      </ReadinessGate>
    </AppProviders>
  </StrictMode>,
);
