/**
 * Registration (spec 1 §2 "Register screen", §5): username, e-mail and password, each checked
 * 100 ms after leaving it; submit only when all are valid. Registering then logs in.
 */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiRequestError } from '../../api/api-error';
import { login, register } from '../../api/auth';
import { useServerInfo } from '../../app/server-info';
import { errorText } from '../../i18n/error-text';
import { emailProblem, passwordProblem, usernameProblem } from './account-validation';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { NewPasswordField } from './password-field';
import { useProblemText } from './problem-text';
import { startSession } from './session-actions';
import { useFieldValidation } from './use-field-validation';

async function registerWithLanguage(
  input: { username: string; email: string; password: string },
  language: string,
) {
  try {
    await register({ ...input, language });
  } catch (error) {
    // The server does not know the browser's language: register in English instead.
    const languageRejected =
      isApiRequestError(error) &&
      error.code === 2002 &&
      error.invalidFields.some((f) => f.startsWith('language:'));
    if (!languageRejected || language === 'en') throw error;
    await register({ ...input, language: 'en' });
  }
}

const EMAIL_NOT_CONFIRMED = 1012;

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const problem = useProblemText();
  const info = useServerInfo();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The address a confirmation link went to, when the server asks new accounts to confirm. */
  const [confirmTo, setConfirmTo] = useState<string | null>(null);
  const usernameField = useFieldValidation(username, usernameProblem);
  const emailField = useFieldValidation(email, emailProblem);
  const passwordField = useFieldValidation(password, passwordProblem);
  const enabled = !!info?.auth.local.registrationEnabled;
  const valid = usernameField.valid && emailField.valid && passwordField.valid;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setError(null);
    setBusy(true);
    try {
      const account = { username: username.trim(), email: email.trim(), password };
      await registerWithLanguage(account, i18n.resolvedLanguage ?? 'en');
      try {
        const { token } = await login({ username: account.username, password, longToken: false });
        startSession(token, false);
      } catch (failure) {
        if (!isApiRequestError(failure) || failure.code !== EMAIL_NOT_CONFIRMED) throw failure;
        setConfirmTo(account.email);
      }
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      {info?.demoModeEnabled && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('auth.register.demoTitle')}
          role="note"
        >
          {t('auth.register.demoWarning')}
        </Alert>
      )}
      {!enabled && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('auth.register.disabled')}
        </Alert>
      )}
      <FormError error={error} />
      {confirmTo && (
        <Alert color="green" icon={<IconMailForward size={18} />} role="status">
          {t('auth.register.confirmEmail', { email: confirmTo })}
        </Alert>
      )}
      {enabled && !confirmTo && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('auth.register.username')}
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              onBlur={usernameField.onBlur}
              error={problem(usernameField.problem)}
              required
              withAsterisk={false}
            />
            <EmailField
              label={t('auth.register.email')}
              name="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              onBlur={emailField.onBlur}
              error={problem(emailField.problem)}
            />
            <NewPasswordField
              label={t('auth.register.password')}
              name="password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              onBlur={passwordField.onBlur}
              error={problem(passwordField.problem)}
            />
            <Button type="submit" loading={busy} disabled={!valid} fullWidth mt="xs">
              {t('auth.register.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center" c="dimmed">
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.register.toLogin')}
        </Anchor>
      </Text>
    </Stack>
  );
}
