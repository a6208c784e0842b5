/**
 * The project's webhooks (project.settings.webhooks, a modal over the project; spec 2 §2, §3):
 * read & write users see, add, change and delete them; the server shows them to nobody else, so
 * read-only users are told so instead of being shown an error. Credentials are never shown again
 * once saved. Link shares and pseudo projects have none.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { Right } from '@ordo/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../api/projects';
import {
  deleteWebhook,
  fetchWebhookEvents,
  fetchWebhooks,
  type Webhook,
  webhookKeys,
} from '../../api/webhooks';
import { errorText } from '../../i18n/error-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { useLinkShareSession } from '../link-share/link-share-session';
import { ProjectRouteModal } from '../projects/settings/project-route-modal';
import { CreateWebhookForm } from './create-webhook-form';
import { WebhookRow } from './webhook-row';
import classes from './webhooks.module.css';

function ProjectWebhooks({ project }: { project: Project }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const hooks = useQuery({
    queryKey: webhookKeys.ofProject(project.id),
    queryFn: () => fetchWebhooks(project.id),
  });
  const events = useQuery({ queryKey: webhookKeys.events, queryFn: fetchWebhookEvents, staleTime: Infinity });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.ofProject(project.id) });
  const remove = useMutation({
    mutationFn: (hook: Webhook) => deleteWebhook(project.id, hook.id),
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
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('webhooks.listTitle')}
        </Title>
        {hooks.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('webhooks.empty')}
          </Text>
        ) : (
          <ul className={classes.list}>
            {hooks.data.map((hook) => (
              <WebhookRow
                key={hook.id}
                webhook={hook}
                events={events.data}
                canManage
                onChanged={refresh}
                onDelete={() => setDeleting(hook)}
              />
            ))}
          </ul>
        )}
      </Stack>
      <CreateWebhookForm projectId={project.id} events={events.data} onCreated={refresh} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={t('webhooks.deleteMessage', { url: deleting?.targetUrl ?? '' })}
        confirmLabel={t('webhooks.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

export function ProjectWebhooksModal() {
  const { t } = useTranslation();
  const linkShare = useLinkShareSession();
  return (
    <ProjectRouteModal title={(project) => t('webhooks.title', { title: project.title })} size="xl">
      {(project) =>
        linkShare || project.id <= 0 ? (
          <Alert color="yellow">{t('webhooks.unavailable')}</Alert>
        ) : (project.maxRight ?? Right.read) < Right.write ? (
          <Alert color="yellow">{t('webhooks.writersOnly')}</Alert>
        ) : (
          <ProjectWebhooks project={project} />
        )
      }
    </ProjectRouteModal>
  );
}
