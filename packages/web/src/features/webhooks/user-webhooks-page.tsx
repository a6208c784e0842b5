/**
 * The account's own webhooks (user.settings.webhooks): like a project's, for the events directed
 * at the user (their reminders, their overdue tasks). Offered only when the server has webhooks on.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebhookList } from './webhook-list';

export function UserWebhooksPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2} fz="xl">
        {t('webhooks.userTitle')}
      </Title>
      <WebhookList owner="user" />
    </Stack>
  );
}
