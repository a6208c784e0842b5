/**
 * Adding a webhook (spec 2 §3 Webhook, §5): a target URL and at least one event are required; the
 * secret (the payloads are then signed) and basic-auth login are optional. Problems show once the
 * user tries to create, and clear as they are fixed.
 */
import { Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { isWebhookTarget } from '@ordo/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createWebhook, type WebhookInput, type WebhookOwner } from '../../api/webhooks';
import { showError, showSuccess } from '../../ui/notices';
import { EventCheckboxes } from './event-checkboxes';
import classes from './webhooks.module.css';

const EMPTY: WebhookInput = {
  targetUrl: '',
  events: [],
  secret: '',
  basicAuthUser: '',
  basicAuthPassword: '',
};

export function CreateWebhookForm({
  owner,
  events,
  onCreated,
}: {
  owner: WebhookOwner;
  events: string[];
  onCreated: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<WebhookInput>(EMPTY);
  const [tried, setTried] = useState(false);
  const urlProblem = isWebhookTarget(form.targetUrl) ? undefined : t('webhooks.urlInvalid');
  const eventsProblem = form.events.length > 0 ? undefined : t('webhooks.eventsRequired');
  const create = useMutation({
    mutationFn: () => createWebhook(owner, { ...form, targetUrl: form.targetUrl.trim() }),
    onSuccess: async () => {
      showSuccess(t, t('webhooks.created'));
      setForm(EMPTY);
      setTried(false);
      await onCreated();
    },
    onError: (error) => showError(t, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (urlProblem || eventsProblem) return;
    create.mutate();
  }

  const set = (patch: Partial<WebhookInput>) => setForm({ ...form, ...patch });
  return (
    <form onSubmit={submit} noValidate className={classes.form} aria-label={t('webhooks.create')}>
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('webhooks.create')}
        </Title>
        <TextInput
          label={t('webhooks.targetUrl')}
          placeholder="https://example.com/webhook"
          value={form.targetUrl}
          onChange={(e) => set({ targetUrl: e.currentTarget.value })}
          error={tried && urlProblem}
          withAsterisk
          type="url"
          autoComplete="off"
        />
        <EventCheckboxes
          events={events}
          value={form.events}
          onChange={(chosen) => set({ events: chosen })}
          error={tried ? eventsProblem : undefined}
        />
        <PasswordInput
          label={t('webhooks.secret')}
          description={t('webhooks.secretHint')}
          value={form.secret}
          onChange={(e) => set({ secret: e.currentTarget.value })}
          autoComplete="new-password"
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('webhooks.basicAuthUser')}
            description={t('webhooks.basicAuthHint')}
            value={form.basicAuthUser}
            onChange={(e) => set({ basicAuthUser: e.currentTarget.value })}
            autoComplete="off"
            miw={180}
          />
          <PasswordInput
            label={t('webhooks.basicAuthPassword')}
            description={'\u00a0'}
            value={form.basicAuthPassword}
            onChange={(e) => set({ basicAuthPassword: e.currentTarget.value })}
            autoComplete="new-password"
            miw={180}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />}>
            {t('webhooks.createButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
