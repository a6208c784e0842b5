/**
 * A bar at the bottom of the screen while the network is gone or offline changes are waiting, and
 * the list of offline changes the server refused on replay, each kept until the user dismisses it.
 */
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type FailedEntry, outbox, replayOutbox } from './outbox';
import { useOnline } from './use-online';

function ChangeName({ entry }: { entry: FailedEntry }) {
  const { t } = useTranslation();
  return <>{t(`offline.change.${entry.kind}`, { title: entry.title || `#${entry.taskId}` })}</>;
}

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const { pending, failed, replaying } = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  if (online && pending.length === 0 && failed.length === 0) return null;
  return (
    <Paper
      shadow="md"
      radius={0}
      withBorder
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 300 }}
      data-testid="offline-banner"
    >
      <Stack gap={0}>
        {(!online || pending.length > 0) && (
          <Alert
            color={online ? 'blue' : 'yellow'}
            radius={0}
            py={8}
            icon={online ? <IconRefresh size={18} /> : <IconCloudOff size={18} />}
            role="status"
            title={online ? undefined : t('offline.bannerTitle')}
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {online ? t('offline.sending') : t('offline.bannerText')}
                {pending.length > 0 && ` ${t('offline.waiting', { count: pending.length })}`}
              </Text>
              {online && !replaying && (
                <Button size="compact-sm" variant="light" onClick={() => void replayOutbox()}>
                  {t('offline.retry')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {failed.length > 0 && (
          <Alert color="red" radius={0} py={8} title={t('offline.failedTitle')} role="alert">
            <Text size="sm" mb={4}>
              {t('offline.failedHint')}
            </Text>
            <List size="sm" spacing={4}>
              {failed.map((entry) => (
                <List.Item key={entry.key}>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm">
                      <ChangeName entry={entry} />: {entry.message}
                    </Text>
                    <Button size="compact-xs" variant="subtle" onClick={() => outbox.dismiss(entry.key)}>
                      {t('offline.dismiss')}
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
