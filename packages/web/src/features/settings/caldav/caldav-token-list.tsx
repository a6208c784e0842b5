/** The user's CalDAV tokens, by when they were made, each with a delete button. */
import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { showError, showSuccess } from '../../../ui/notices';
import { type CaldavToken, caldavTokensKey, deleteCaldavToken } from './caldav-api';

function formatCreated(wire: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(wire),
  );
}

export function CaldavTokenList({ tokens }: { tokens: CaldavToken[] }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<CaldavToken | null>(null);
  // Gone from the list at once; back in its place with a notice when the server refuses.
  const remove = useMutation({
    mutationFn: (token: CaldavToken) => deleteCaldavToken(token.id),
    onMutate: async (token) => {
      setConfirming(null);
      await client.cancelQueries({ queryKey: caldavTokensKey });
      const before = client.getQueryData<CaldavToken[]>(caldavTokensKey);
      client.setQueryData<CaldavToken[]>(caldavTokensKey, (old) => old?.filter((x) => x.id !== token.id));
      return { before };
    },
    onError: (error, _token, context) => {
      if (context?.before) client.setQueryData(caldavTokensKey, context.before);
      showError(t, error);
    },
    onSuccess: () => showSuccess(t, t('settings.caldav.deleted')),
    onSettled: () => client.invalidateQueries({ queryKey: caldavTokensKey }),
  });
  return (
    <>
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('settings.caldav.list')}
      >
        {tokens.map((token) => {
          const created = formatCreated(token.created, i18n.language);
          const name = t('settings.caldav.tokenName', { id: token.id });
          return (
            <Paper key={token.id} withBorder radius="md" p="md" component="li" aria-label={name}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" color="gray" radius="md" size="lg">
                    <IconKey size={18} stroke={1.6} />
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600}>{name}</Text>
                    <Text size="xs" c="dimmed">
                      {t('settings.caldav.createdOn', { date: created })}
                    </Text>
                  </Stack>
                </Group>
                <Tooltip label={t('settings.caldav.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setConfirming(token)}
                    aria-label={t('settings.caldav.deleteNamed', { name })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title={t('settings.caldav.deleteTitle')}
        message={t('settings.caldav.deleteMessage')}
        confirmLabel={t('settings.caldav.delete')}
        onConfirm={() => confirming && remove.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
