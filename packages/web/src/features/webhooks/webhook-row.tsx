/**
 * One webhook: its target, who added it and the events it listens to. Managers may change the
 * events in place (the target and secrets cannot change: that is a new webhook) or delete it.
 */
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateWebhookEvents, type Webhook, type WebhookOwner } from '../../api/webhooks';
import { showError, showSuccess } from '../../ui/notices';
import { EventCheckboxes } from './event-checkboxes';
import classes from './webhooks.module.css';

export function WebhookRow({
  webhook,
  events,
  canManage,
  owner,
  onChanged,
  onDelete,
}: {
  webhook: Webhook;
  owner: WebhookOwner;
  events: string[];
  canManage: boolean;
  onChanged: () => Promise<void>;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string[] | null>(null);
  const save = useMutation({
    mutationFn: (chosen: string[]) => updateWebhookEvents(owner, webhook.id, chosen),
    onSuccess: async () => {
      showSuccess(t, t('webhooks.updated'));
      setEditing(null);
      await onChanged();
    },
    onError: (error) => showError(t, error),
  });

  return (
    <li className={classes.row} data-testid="webhook">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text className={classes.target}>{webhook.targetUrl}</Text>
          {webhook.createdBy && (
            <Text size="xs" c="dimmed">
              {t('webhooks.createdBy', { name: displayName(webhook.createdBy) })}
            </Text>
          )}
          {editing ? (
            <Stack gap="sm" mt="xs">
              <EventCheckboxes
                events={events}
                value={editing}
                onChange={setEditing}
                error={editing.length === 0 ? t('webhooks.eventsRequired') : undefined}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setEditing(null)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  loading={save.isPending}
                  disabled={editing.length === 0}
                  onClick={() => save.mutate(editing)}
                >
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap={6} wrap="wrap" aria-label={t('webhooks.events')}>
              {webhook.events.map((event) => (
                <Badge key={event} variant="light" size="sm" tt="none" ff="monospace" radius="sm">
                  {event}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        {canManage && !editing && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('webhooks.editEvents')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => setEditing(webhook.events)}
                aria-label={`${t('webhooks.editEvents')}: ${webhook.targetUrl}`}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('webhooks.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={onDelete}
                aria-label={`${t('webhooks.delete')}: ${webhook.targetUrl}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </li>
  );
}
