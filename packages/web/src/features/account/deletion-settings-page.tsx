/**
 * Deleting one's account (spec 1 §4 "Account deletion", §9): the request (with the password for
 * local accounts, a button for the others), a mailed link to confirm, the deletion three days
 * later, and a cancel button until then. Without mail the request schedules at once.
 */
import { Alert, Anchor, Button, Group, List, PasswordInput, Text } from '@mantine/core';
import { isUnsetDate } from '@ordo/core';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cancelDeletion, requestDeletion } from '../../api/account';
import { queryKeys } from '../../api/query-keys';
import { fetchCurrentUser } from '../../api/user';
import { showError, showSuccess } from '../../ui/notices';
import { SettingsFormCard } from '../../ui/settings-form-card';
import { useSignedInUser } from '../auth/use-current-user';
import { formatDateTime } from '../tasks/task-dates';

export function DeletionSettingsPage() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [linkSent, setLinkSent] = useState(false);
  const [missingPassword, setMissingPassword] = useState(false);
  const scheduled = isUnsetDate(user.deletionScheduledAt) ? null : new Date(user.deletionScheduledAt);
  const secret = user.isLocalUser ? password : undefined;

  const refreshUser = async () => {
    const updated = await fetchCurrentUser();
    client.setQueryData(queryKeys.currentUser, updated);
    return updated;
  };
  const request = useMutation({
    mutationFn: () => requestDeletion(secret),
    onSuccess: async () => {
      setPassword('');
      const updated = await refreshUser();
      if (isUnsetDate(updated.deletionScheduledAt)) setLinkSent(true);
      else showSuccess(t, t('settings.deletion.scheduledNotice'));
    },
    onError: (error) => showError(t, error),
  });
  const cancel = useMutation({
    mutationFn: () => cancelDeletion(secret),
    onSuccess: async () => {
      setPassword('');
      setLinkSent(false);
      await refreshUser();
      showSuccess(t, t('settings.deletion.cancelled'));
    },
    onError: (error) => showError(t, error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user.isLocalUser && !password) {
      setMissingPassword(true);
      return;
    }
    if (scheduled) cancel.mutate();
    else request.mutate();
  };

  return (
    <SettingsFormCard onSubmit={submit}>
      <Text size="sm">{t('settings.deletion.intro')}</Text>
      <List size="sm" spacing={4} c="dimmed">
        <List.Item>{t('settings.deletion.whatGoes')}</List.Item>
        <List.Item>{t('settings.deletion.whatStays')}</List.Item>
        <List.Item>
          {t('settings.deletion.exportFirst')}{' '}
          <Anchor component={Link} to="/user/settings/data-export" size="sm">
            {t('settings.dataExport.title')}
          </Anchor>
        </List.Item>
      </List>
      {scheduled && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          role="status"
          data-testid="deletion-scheduled"
        >
          {t('settings.deletion.scheduledOn', { date: formatDateTime(scheduled, i18n.language) })}
        </Alert>
      )}
      {!scheduled && linkSent && (
        <Alert color="yellow" icon={<IconMailForward size={18} />} role="status">
          {t('settings.deletion.linkSent', { email: user.email })}
        </Alert>
      )}
      {user.isLocalUser && (
        <PasswordInput
          label={t('settings.deletion.password')}
          description={
            scheduled ? t('settings.deletion.passwordToCancel') : t('settings.deletion.passwordHint')
          }
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setMissingPassword(false);
          }}
          error={missingPassword ? t('settings.deletion.passwordRequired') : null}
        />
      )}
      <Group justify="flex-end">
        {scheduled ? (
          <Button type="submit" loading={cancel.isPending}>
            {t('settings.deletion.cancel')}
          </Button>
        ) : (
          <Button type="submit" color="red" loading={request.isPending}>
            {t('settings.deletion.submit')}
          </Button>
        )}
      </Group>
    </SettingsFormCard>
  );
}
