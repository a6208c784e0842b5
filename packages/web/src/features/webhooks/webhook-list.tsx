/**
 * The webhooks of a project or of the user's account, with the form to add one: shown, events
 * changed and deleted in place. Credentials are never shown again once saved.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteWebhook,
  fetchWebhookEvents,
  fetchWebhooks,
  type Webhook,
  type WebhookOwner,
  webhookKeys,
} from '../../api/webhooks';
import { errorText } from '../../i18n/error-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { CreateWebhookForm } from './create-webhook-form';
import { WebhookRow } from './webhook-row';
import classes from './webhooks.module.css';

export function WebhookList({ owner }: { owner: WebhookOwner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const hooks = useQuery({ queryKey: webhookKeys.of(owner), queryFn: () => fetchWebhooks(owner) });
  const events = useQuery({
    queryKey: webhookKeys.events(owner),
    queryFn: () => fetchWebhookEvents(owner),
    staleTime: Infinity,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.of(owner) });
  const remove = useMutation({
    mutationFn: (hook: Webhook) => deleteWebhook(owner, hook.id),
    onSuccess: async () => {
      showSuccess(t, t('webhooks.deleted'));
      setDeleting(null);
      await refresh();
    },
    onError: (error) => showError(t, error),
  });

  const problem = hooks.error ?? events.error;
  if (problem) return <Alert color="red">{errorText(problem, t)}</Alert>;
  if (!hooks.data || !events.data) return <DelayedLoader label={t('webhooks.loading')} minHeight={120} />;
  const user = owner === 'user';
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t(user ? 'webhooks.userIntro' : 'webhooks.intro')}
      </Text>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('webhooks.listTitle')}
        </Title>
        {hooks.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(user ? 'webhooks.userEmpty' : 'webhooks.empty')}
          </Text>
        ) : (
          <ul className={classes.list}>
            {hooks.data.map((hook) => (
              <WebhookRow
                key={hook.id}
                webhook={hook}
                owner={owner}
                events={events.data}
                canManage
                onChanged={refresh}
                onDelete={() => setDeleting(hook)}
              />
            ))}
          </ul>
        )}
      </Stack>
      <CreateWebhookForm owner={owner} events={events.data} onCreated={refresh} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={t(user ? 'webhooks.userDeleteMessage' : 'webhooks.deleteMessage', {
          url: deleting?.targetUrl ?? '',
        })}
        confirmLabel={t('webhooks.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
