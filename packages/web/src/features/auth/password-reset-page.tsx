/**
 * Setting a new password through a mailed link (spec 1 §2 route user.password-reset.reset): the
 * token comes in the `userPasswordReset` query (the guard sends a link without one to login).
 * The new password follows the usual rules (8–72 characters) and must be typed twice.
 */
import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/auth';
import { errorText } from '../../i18n/error-text';
import { confirmationProblem, passwordProblem } from './account-validation';
import { BackToLogin } from './back-to-login';
import { FormError } from './form-error';
import { NewPasswordField, PasswordField } from './password-field';
import { useProblemText } from './problem-text';
import { useFieldValidation } from './use-field-validation';

export function PasswordResetPage() {
  const { t } = useTranslation();
  const problem = useProblemText();
  const [params] = useSearchParams();
  const token = params.get('userPasswordReset') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordField = useFieldValidation(password, passwordProblem);
  const confirmationField = useFieldValidation(confirmation, (value) => confirmationProblem(password, value));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return setError(t('auth.reset.tokenMissing'));
    if (!passwordField.valid || !confirmationField.valid) {
      passwordField.showNow();
      confirmationField.showNow();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {t('auth.reset.done')}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {t('auth.reset.toLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <FormError error={error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NewPasswordField
            label={t('auth.reset.password')}
            name="new-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onBlur={passwordField.onBlur}
            error={problem(passwordField.problem)}
          />
          <PasswordField
            label={t('auth.reset.confirm')}
            name="confirm-password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            onBlur={confirmationField.onBlur}
            error={problem(confirmationField.problem)}
          />
          <Button type="submit" loading={busy} fullWidth mt="xs">
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
