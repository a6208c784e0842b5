/**
 * The OpenID callback screen (spec 1 §2 "OpenID callback screen", route openid.auth): where a
 * provider sends the browser back after sign-in. It checks the state stored before the redirect,
 * shows a provider's error, or says it is signing in while Ordo exchanges the code; then it goes
 * to the page the visitor wanted before being sent to log in, or home. A failure offers the way
 * back: the login page, and the provider again.
 */
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../api/api-error';
import { openIdCallback } from '../../api/openid';
import { clearLastVisited, peekLastVisited } from '../../app/navigation/last-visited';
import { useServerInfo } from '../../app/server-info';
import { errorText } from '../../i18n/error-text';
import { useDelayedFlag } from '../../ui/delayed-loader';
import { FormError } from './form-error';
import { callbackStep, takeStoredState } from './openid-callback';
import { redirectToProvider } from './openid-redirect';
import { startSession } from './session-actions';

/** The provider or the request made the sign-in impossible (code, redirect address). */
const OPENID_BAD_REQUEST = 15001;

export function OpenIdCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = useParams().provider ?? '';
  const [query] = useSearchParams();
  const info = useServerInfo();
  const openid = info?.auth.openidConnect;
  const provider = openid?.providers?.find((p) => p.key === key) ?? null;
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const spinnerShown = useDelayedFlag(error === null);

  async function exchange(code: string) {
    try {
      const { token } = await openIdCallback(key, {
        code,
        redirectUrl: `${openid?.redirectUrl ?? ''}${key}`,
      });
      // Read before the session starts: once signed in, the guard forgets the return target.
      const lastVisited = peekLastVisited();
      clearLastVisited();
      startSession(token, false);
      navigate(lastVisited ?? '/', { replace: true });
    } catch (failure) {
      setError(
        isApiRequestError(failure) && failure.code === OPENID_BAD_REQUEST
          ? t('auth.openid.failed')
          : errorText(failure, t),
      );
    }
  }

  // Once per arrival: the state is good for one callback, and a code can be used only once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const step = callbackStep(query, takeStoredState());
    if (step.kind === 'providerError') setError(step.message ?? t('auth.openid.failed'));
    else if (step.kind === 'stateMismatch') setError(t('auth.openid.stateMismatch'));
    else if (step.kind === 'missingCode') setError(t('auth.openid.failed'));
    else void exchange(step.code);
  }, []);

  const name = provider?.name ?? key;
  if (error === null) {
    return (
      <Group justify="center" gap="sm" mih={120} role="status" aria-live="polite">
        {spinnerShown && <Loader size="sm" />}
        <Text>{t('auth.openid.authenticating', { provider: name })}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="md">
      <FormError error={error} />
      {provider && openid && (
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => redirectToProvider(provider, openid.redirectUrl)}
        >
          {t('auth.openid.retry', { provider: name })}
        </Button>
      )}
      <Button component={Link} to="/login" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
        {t('auth.openid.backToLogin')}
      </Button>
    </Stack>
  );
}
