/**
 * Changing the e-mail address (spec 1 §2 user.settings.email-update; reference §2.3). When the
 * server sends mail, the new address waits for the link mailed to it and the page says so; without
 * mail it changes at once. Accounts managed elsewhere cannot change it here.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeEmail } from '../../api/account';
import { queryKeys } from '../../api/query-keys';
import { fetchCurrentUser } from '../../api/user';
import { showError, showSuccess } from '../../ui/notices';
import { SettingsFormCard } from '../../ui/settings-form-card';
import { emailProblem } from '../auth/account-validation';
import { EmailField } from '../auth/email-field';
import { PasswordField } from '../auth/password-field';
import { useSignedInUser } from '../auth/use-current-user';
import { useFieldValidation } from '../auth/use-field-validation';

const passwordRequired = (value: string) => (value ? null : 'settings.email.passwordRequired');

export function EmailSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailField = useFieldValidation(email, emailProblem);
  const passwordField = useFieldValidation(password, passwordRequired);

  const change = useMutation({
    mutationFn: () => changeEmail(email.trim(), password),
    onSuccess: async () => {
      const updated = await fetchCurrentUser();
      client.setQueryData(queryKeys.currentUser, updated);
      showSuccess(
        t,
        updated.pendingEmail
          ? t('settings.email.linkSent', { email: updated.pendingEmail })
          : t('settings.email.changed', { email: updated.email }),
      );
      setEmail('');
      setPassword('');
      emailField.reset();
      passwordField.reset();
    },
    onError: (error) => showError(t, error),
  });

  if (!user.isLocalUser) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />}>
        {t('settings.email.notLocal')}
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!emailField.valid || !passwordField.valid) {
      emailField.showNow();
      passwordField.showNow();
      return;
    }
    change.mutate();
  };

  return (
    <SettingsFormCard onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('settings.email.intro')}
      </Text>
      <div>
        <Text size="sm" fw={500}>
          {t('settings.email.current')}
        </Text>
        <Text size="sm" data-testid="current-email">
          {user.email}
        </Text>
      </div>
      {user.pendingEmail && (
        <Alert color="yellow" icon={<IconMailForward size={18} />} role="status">
          {t('settings.email.pending', { email: user.pendingEmail })}
        </Alert>
      )}
      <EmailField
        label={t('settings.email.new')}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        onBlur={emailField.onBlur}
        error={emailField.problem ? t(emailField.problem) : null}
      />
      <PasswordField
        label={t('settings.email.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        onBlur={passwordField.onBlur}
        error={passwordField.problem ? t(passwordField.problem) : null}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={change.isPending}>
          {t('settings.email.submit')}
        </Button>
      </Group>
    </SettingsFormCard>
  );
}
