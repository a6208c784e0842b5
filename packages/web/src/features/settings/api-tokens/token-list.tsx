/** The user's API tokens, each with what it may do and when it expires, and a delete button. */
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { showError, showSuccess } from '../../../ui/notices';
import { type ApiToken, apiTokensKey, deleteApiToken } from './api-tokens-api';
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
        <Tooltip label={t('settings.apiTokens.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('settings.apiTokens.deleteNamed', { title: token.title })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

export function TokenList({ tokens }: { tokens: ApiToken[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  // Gone from the list at once; back in its place with a notice when the server refuses.
  const remove = useMutation({
    mutationFn: (token: ApiToken) => deleteApiToken(token.id),
    onMutate: async (token) => {
      setConfirming(null);
      await client.cancelQueries({ queryKey: apiTokensKey });
      const before = client.getQueryData<ApiToken[]>(apiTokensKey);
      client.setQueryData<ApiToken[]>(apiTokensKey, (old) => old?.filter((x) => x.id !== token.id));
      return { before };
    },
    onError: (error, _token, context) => {
      if (context?.before) client.setQueryData(apiTokensKey, context.before);
      showError(t, error);
    },
    onSuccess: () => showSuccess(t, t('settings.apiTokens.deleted')),
    onSettled: () => client.invalidateQueries({ queryKey: apiTokensKey }),
  });
  return (
    <>
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('settings.apiTokens.list')}
      >
        {tokens.map((token) => (
          <TokenRow key={token.id} token={token} onDelete={() => setConfirming(token)} />
        ))}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title={t('settings.apiTokens.deleteTitle')}
        message={t('settings.apiTokens.deleteMessage', { title: confirming?.title ?? '' })}
        confirmLabel={t('settings.apiTokens.delete')}
        onConfirm={() => confirming && remove.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
