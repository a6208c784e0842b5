/** The user's CalDAV tokens, by when they were made, each with a delete button. */
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CaldavToken, caldavTokensKey, deleteCaldavToken } from '../../../api/caldav-tokens';
import { formatDateTime } from '../../../i18n/date-formats';
import { RemovableList, RemoveButton } from '../removable-list';

function formatCreated(wire: string, language: string): string {
  return formatDateTime(new Date(wire), language);
}

function TokenRow({ token, onDelete }: { token: CaldavToken; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const name = t('settings.caldav.tokenName', { id: token.id });
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color="gray" radius="md" size="lg">
            <IconKey size={18} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{name}</Text>
            <Text size="xs" c="dimmed">
              {t('settings.caldav.createdOn', { date: formatCreated(token.created, i18n.language) })}
            </Text>
          </Stack>
        </Group>
        <RemoveButton
          tooltip={t('settings.caldav.delete')}
          label={t('settings.caldav.deleteNamed', { name })}
          onClick={onDelete}
        />
      </Group>
    </Paper>
  );
}

export function CaldavTokenList({ tokens }: { tokens: CaldavToken[] }) {
  const { t } = useTranslation();
  return (
    <RemovableList
      items={tokens}
      queryKey={caldavTokensKey}
      remove={(token) => deleteCaldavToken(token.id)}
      texts={{
        list: t('settings.caldav.list'),
        deleted: t('settings.caldav.deleted'),
        confirmTitle: t('settings.caldav.deleteTitle'),
        confirmMessage: () => t('settings.caldav.deleteMessage'),
        confirmLabel: t('settings.caldav.delete'),
      }}
      renderItem={(token, askToRemove) => <TokenRow key={token.id} token={token} onDelete={askToRemove} />}
    />
  );
}
