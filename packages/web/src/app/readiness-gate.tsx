/**
 * The start of the app (spec 1 §2 readiness gate, §4 app start): offline without kept data →
 * offline screen (never the API address form: the address is fine, the network is gone); load
 * the server configuration (probing the address), then check a remembered session; ready on
 * success, else an error with the API address entry. After the first success it never blocks
 * again, so signing in later does not unmount the router.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../api/api-error';
import { getToken, tokenExpired } from '../api/auth-token';
import { ApiConfig } from '../features/api-config/api-config';
import { dropSession } from '../features/auth/session-actions';
import { currentUserQuery, useToken } from '../features/auth/use-current-user';
import { errorText } from '../i18n/error-text';
import { CenteredScreen } from '../ui/centered-screen';
import { DelayedLoader } from '../ui/delayed-loader';
import { OfflineBanner } from './offline/offline-banner';
import { useOnline } from './offline/use-online';
import { NoApiUrlError, serverInfoQuery } from './server-info';

export function OfflineScreen() {
  const { t } = useTranslation();
  return (
    <CenteredScreen>
      <Title order={2}>{t('offline.title')}</Title>
      <Text c="dimmed" ta="center">
        {t('offline.text')}
      </Text>
    </CenteredScreen>
  );
}

export function ReadinessGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const online = useOnline();
  const token = useToken();
  const info = useQuery(serverInfoQuery);
  // Signed out with the configuration at hand (the login screen the server drew came with it):
  // ready from the first render, so the app's screen replaces the drawn one with nothing between.
  const [ready, setReady] = useState(() => info.isSuccess && token === null);

  // A remembered token that has already expired is dropped without asking the server.
  useEffect(() => {
    const current = getToken();
    if (current && tokenExpired(current)) dropSession();
  }, []);

  const user = useQuery({
    ...currentUserQuery,
    enabled: info.isSuccess && token !== null && !ready,
    retry: false,
  });

  // The server does not know this session any more: continue signed out.
  const userRejected = isApiRequestError(user.error) && user.error.status < 500;
  useEffect(() => {
    if (userRejected) dropSession();
  }, [userRejected]);

  const userSettled = token === null || user.isSuccess;
  useEffect(() => {
    // The app's first screen (shell and page) is drawn as a transition: in slices, with the
    // browser let in between, not as one long task that blocks a tap (an update from an effect
    // is otherwise drawn whole). The loading screen stays until the screen is ready.
    if (info.isSuccess && userSettled) startTransition(() => setReady(true));
  }, [info.isSuccess, userSettled]);

  // Offline with the last visit's data (restored from IndexedDB) the app opens as it was, with a
  // banner; only without any data is there nothing to show but the offline screen.
  if (ready)
    return (
      <>
        {children}
        <OfflineBanner />
      </>
    );
  if (!online) return info.isSuccess && userSettled ? null : <OfflineScreen />;

  if (info.error instanceof NoApiUrlError) {
    return (
      <CenteredScreen>
        <Title order={2}>{t('ready.noApiUrl')}</Title>
        <ApiConfig initiallyOpen />
      </CenteredScreen>
    );
  }
  const failure = info.error ?? (user.error && !userRejected ? user.error : null);
  if (failure) {
    return (
      <CenteredScreen>
        <Stack w="100%" gap="md">
          <Alert color="red" title={t('ready.errorTitle')} role="alert">
            <Text size="sm">{errorText(failure, t)}</Text>
            <Text size="sm" mt="xs">
              {t('ready.checkApiUrl')}
            </Text>
          </Alert>
          <ApiConfig initiallyOpen />
        </Stack>
      </CenteredScreen>
    );
  }
  return (
    <CenteredScreen>
      <DelayedLoader label={t('ready.loading')} minHeight={80} />
    </CenteredScreen>
  );
}
