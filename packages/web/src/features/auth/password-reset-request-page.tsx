/**
 * "Forgot your password?" (spec 1 §2 route user.password-reset.request): the account's e-mail
 * address; the server mails a link that opens the reset page.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../api/auth';
import { errorText } from '../../i18n/error-text';
import { emailProblem } from './account-validation';
import { BackToLogin } from './back-to-login';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { useFieldValidation } from './use-field-validation';

export function PasswordResetRequestPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailField = useFieldValidation(email, emailProblem);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!emailField.valid) return emailField.showNow();
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('auth.resetRequest.intro')}
      </Text>
      <FormError error={error} />
      {sentTo ? (
        <Alert color="green" icon={<IconMailForward size={18} />} role="status">
          {t('auth.resetRequest.sent', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <EmailField
              label={t('auth.register.email')}
              name="email"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              onBlur={emailField.onBlur}
              error={emailField.problem ? t(emailField.problem) : null}
            />
            <Button type="submit" loading={busy} fullWidth mt="xs">
              {t('auth.resetRequest.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <BackToLogin />
    </Stack>
  );
}
