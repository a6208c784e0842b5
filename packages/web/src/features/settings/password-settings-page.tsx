/**
 * Password change (spec 1 §5: current password required, new one 8–72 characters, confirmation
 * must match). The server ends every session on a change, so we log in again with the new
 * password right away, keeping "remember me" as it was.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth';
import { isTokenPersisted } from '../../api/auth-token';
import { changePassword } from '../../api/user';
import { showError, showSuccess } from '../../ui/notices';
import { SettingsFormCard } from '../../ui/settings-form-card';
import { confirmationProblem, passwordProblem } from '../auth/account-validation';
import { NewPasswordField, PasswordField } from '../auth/password-field';
import { useProblemText } from '../auth/problem-text';
import { startSession } from '../auth/session-actions';
import { useSignedInUser } from '../auth/use-current-user';
import { useFieldValidation } from '../auth/use-field-validation';

const currentProblem = (value: string) => (value ? null : 'settings.password.currentRequired');

export function PasswordSettingsPage() {
  const { t } = useTranslation();
  const message = useProblemText();
  const user = useSignedInUser();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const currentField = useFieldValidation(current, currentProblem);
  const nextField = useFieldValidation(next, passwordProblem);
  const confirmationField = useFieldValidation(confirmation, (value) => confirmationProblem(next, value));
  const valid = currentField.valid && nextField.valid && confirmationField.valid;

  if (!user.isLocalUser) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />}>
        {t('settings.password.notLocal')}
      </Alert>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      currentField.showNow();
      nextField.showNow();
      confirmationField.showNow();
      return;
    }
    setBusy(true);
    const remember = isTokenPersisted();
    try {
      await changePassword(current, next);
    } catch (error) {
      showError(t, error);
      setBusy(false);
      return;
    }
    try {
      const { token } = await login({ username: user.username, password: next, longToken: remember });
      startSession(token, remember);
      setCurrent('');
      setNext('');
      setConfirmation('');
      for (const field of [currentField, nextField, confirmationField]) field.reset();
      showSuccess(t, t('settings.password.saved'));
    } catch (error) {
      showError(t, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsFormCard onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('settings.password.intro')}
      </Text>
      <PasswordField
        label={t('settings.password.current')}
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        onBlur={currentField.onBlur}
        error={message(currentField.problem)}
      />
      <NewPasswordField
        label={t('settings.password.new')}
        value={next}
        onChange={(e) => setNext(e.currentTarget.value)}
        onBlur={nextField.onBlur}
        error={message(nextField.problem)}
      />
      <PasswordField
        label={t('settings.password.confirm')}
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.currentTarget.value)}
        onBlur={confirmationField.onBlur}
        error={message(confirmationField.problem)}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={busy}>
          {t('settings.password.submit')}
        </Button>
      </Group>
    </SettingsFormCard>
  );
}
