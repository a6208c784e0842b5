/**
 * Login (spec 1 §2 "Login screen"): username or e-mail, password with show/hide, a one-time code
 * field once the server asks for it (1017), remember me (a long-lived token), and one button per
 * external provider.
 */
import { Alert, Anchor, Button, Checkbox, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../api/api-error';
import { confirmEmail, login } from '../../api/auth';
import { typedBeforeStart } from '../../app/prerendered-login';
import { useServerInfo } from '../../app/server-info';
import { errorText } from '../../i18n/error-text';
import { clearEmailConfirmToken, pendingEmailConfirmToken } from './email-confirmation';
import { FormError } from './form-error';
import { providerToRedirectTo, redirectToProvider } from './openid-redirect';
import { PasswordField } from './password-field';
import { startSession } from './session-actions';

const TOTP_REQUIRED = 1017;

export function LoginPage() {
  const { t } = useTranslation();
  const info = useServerInfo();
  const [params] = useSearchParams();
  // What was typed into the screen the server drew, before the app took it over; read while that
  // screen is still on the page (app/prerendered-login.ts).
  const [typed] = useState(typedBeforeStart);
  const [username, setUsername] = useState(typed?.username ?? '');
  const [password, setPassword] = useState(typed?.password ?? '');
  const [totp, setTotp] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  const [remember, setRemember] = useState(typed?.remember ?? false);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const totpRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [confirmed, setConfirmed] = useState(false);

  const auth = info?.auth;
  const providers = auth?.openidConnect.enabled ? (auth.openidConnect.providers ?? []) : [];
  const formEnabled = !!(auth?.local.enabled || auth?.ldap.enabled);

  const wantedProvider = params.get('redirectToProvider');
  const redirectUrl = auth?.openidConnect.redirectUrl ?? '';
  // Only on arrival: the providers come from the configuration, which is loaded once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run once per requested provider
  useEffect(() => {
    const provider = providerToRedirectTo(providers, wantedProvider);
    if (provider) redirectToProvider(provider, redirectUrl);
  }, [wantedProvider]);

  // Before the first paint: keys pressed while the app was drawing are still in the drawn fields,
  // and the visitor stays in the field they were in, with the cursor where it was.
  useLayoutEffect(() => {
    if (!typed) return;
    const latest = typedBeforeStart() ?? typed;
    setUsername(latest.username);
    setPassword(latest.password);
    setRemember(latest.remember);
    // Where the visitor is now, which may be another field than at the first reading.
    const { focus, selection } = latest;
    const field = focus && formRef.current?.elements.namedItem(focus);
    if (!focus || !(field instanceof HTMLInputElement)) return;
    field.focus();
    const end = latest[focus].length;
    if (selection) field.setSelectionRange(selection.start, selection.end);
    else field.setSelectionRange(end, end);
  }, [typed]);

  useEffect(() => {
    if (needsTotp) totpRef.current?.focus();
  }, [needsTotp]);

  // A confirmation link brought a token here (navigation-decision.ts): send it once, then forget it.
  useEffect(() => {
    const token = pendingEmailConfirmToken();
    if (!token) return;
    clearEmailConfirmToken();
    confirmEmail(token).then(
      () => setConfirmed(true),
      (failure) => setError(errorText(failure, t)),
    );
  }, [t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!username.trim() || !password) return;
    setError(null);
    setBusy(true);
    try {
      const { token } = await login({
        username: username.trim(),
        password,
        longToken: remember,
        ...(needsTotp && totp ? { totpPasscode: totp.trim() } : {}),
      });
      startSession(token, remember);
    } catch (failure) {
      if (isApiRequestError(failure) && failure.code === TOTP_REQUIRED && !(needsTotp && totp)) {
        setNeedsTotp(true);
      } else {
        setError(errorText(failure, t));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      {confirmed && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {t('auth.login.emailConfirmed')}
        </Alert>
      )}
      <FormError error={error} />
      {formEnabled && (
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              // Without local accounts only directory usernames log in, not e-mail addresses.
              label={auth?.local.enabled ? t('auth.login.username') : t('auth.login.usernameOnly')}
              description={auth?.ldap.enabled ? t('auth.login.directoryHint') : undefined}
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={submitted && !username.trim() ? t('auth.validation.usernameOrEmailRequired') : null}
              required
              withAsterisk={false}
            />
            <PasswordField
              label={t('auth.login.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={submitted && !password ? t('auth.validation.passwordRequired') : null}
            />
            {needsTotp && (
              <TextInput
                ref={totpRef}
                label={t('auth.login.totp')}
                description={t('auth.login.totpHint')}
                name="totp"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={totp}
                onChange={(e) => setTotp(e.currentTarget.value)}
              />
            )}
            <Group justify="space-between">
              <Checkbox
                label={t('auth.login.remember')}
                checked={remember}
                onChange={(e) => setRemember(e.currentTarget.checked)}
              />
              {auth?.local.enabled && (
                <Anchor component={Link} to="/get-password-reset" size="sm">
                  {t('auth.login.forgotPassword')}
                </Anchor>
              )}
            </Group>
            <Button type="submit" loading={busy} fullWidth mt="xs">
              {t('auth.login.submit')}
            </Button>
          </Stack>
        </form>
      )}
      {providers.length > 0 && (
        <>
          {formEnabled && <Divider label={t('auth.login.or')} labelPosition="center" />}
          <Stack gap="xs">
            {providers.map((provider) => (
              <Button
                key={provider.key}
                variant="default"
                fullWidth
                onClick={() => redirectToProvider(provider, redirectUrl)}
              >
                {t('auth.login.withProvider', { provider: provider.name })}
              </Button>
            ))}
          </Stack>
        </>
      )}
      {!formEnabled && providers.length === 0 && (
        <Alert color="yellow" role="alert">
          {t('auth.login.noMethods')}
        </Alert>
      )}
      {auth?.local.registrationEnabled && (
        <Text size="sm" ta="center" c="dimmed">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to="/register" size="sm">
            {t('auth.login.createAccount')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
