/** The user's API tokens, each with what it may do and when it expires, and a delete button. */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ApiToken, apiTokensKey, deleteApiToken } from '../../../api/api-tokens';
import { RemovableList, RemoveButton } from '../removable-list';
import { isExpired } from './token-expiry';
import { formatDay, permissionLabel, readableName } from './token-labels';

/** Groups shown in a row before "and N more". */
const SUMMARY_GROUPS = 4;

function PermissionSummary({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const groups = Object.entries(token.permissions).sort(([a], [b]) => a.localeCompare(b));
  const shown = groups.slice(0, SUMMARY_GROUPS);
  return (
    <Group gap={6}>
      {shown.map(([group, names]) => (
        <Badge key={group} variant="light" color="gray" radius="sm" tt="none" fw={500}>
          {readableName(group)}: {names.map((name) => permissionLabel(t, name).toLowerCase()).join(', ')}
        </Badge>
      ))}
      {groups.length > shown.length && (
        <Text size="xs" c="dimmed">
          {t('settings.apiTokens.moreGroups', { count: groups.length - shown.length })}
        </Text>
      )}
    </Group>
  );
}

function TokenRow({ token, onDelete }: { token: ApiToken; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const expired = isExpired(token.expiresAt);
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={token.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ wordBreak: 'break-word' }}>
              {token.title}
            </Text>
            {expired && (
              <Badge color="red" variant="light" size="sm">
                {t('settings.apiTokens.expired')}
              </Badge>
            )}
          </Group>
          <PermissionSummary token={token} />
          <Text size="xs" c="dimmed">
            {t('settings.apiTokens.createdOn', { date: formatDay(token.created, i18n.language) })}
            {' · '}
            <Text span inherit c={expired ? 'red' : undefined}>
              {t(expired ? 'settings.apiTokens.expiredOn' : 'settings.apiTokens.expiresDate', {
                date: formatDay(token.expiresAt, i18n.language),
              })}
            </Text>
          </Text>
        </Stack>
        <RemoveButton
          tooltip={t('settings.apiTokens.delete')}
          label={t('settings.apiTokens.deleteNamed', { title: token.title })}
          onClick={onDelete}
        />
      </Group>
    </Paper>
  );
}

export function TokenList({ tokens }: { tokens: ApiToken[] }) {
  const { t } = useTranslation();
  return (
    <RemovableList
      items={tokens}
      queryKey={apiTokensKey}
      remove={(token) => deleteApiToken(token.id)}
      texts={{
        list: t('settings.apiTokens.list'),
        deleted: t('settings.apiTokens.deleted'),
        confirmTitle: t('settings.apiTokens.deleteTitle'),
        confirmMessage: (token) => t('settings.apiTokens.deleteMessage', { title: token.title }),
        confirmLabel: t('settings.apiTokens.delete'),
      }}
      renderItem={(token, askToRemove) => <TokenRow key={token.id} token={token} onDelete={askToRemove} />}
    />
  );
}
