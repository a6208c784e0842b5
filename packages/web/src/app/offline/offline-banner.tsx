/**
 * A bar at the bottom of the screen while the network is gone or offline changes are waiting, the
 * list of offline changes the server refused on replay, and the list of those saved on top of
 * someone else's change to the same fields, each kept until the user dismisses it.
 */
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/api-error';
import { getToken, subscribeToken } from '../../api/auth-token';
import type { Task } from '../../api/tasks';
import { TASK_FIELD_LABELS } from '../../features/tasks/task-field-labels';
import { errorText } from '../../i18n/error-text';
import { type FailedEntry, isOwn, type MetEntry, outbox, replayOutbox } from './outbox';
import type { OutboxEntry } from './outbox-entry';
import { useOnline } from './use-online';

function ChangeName({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  return <>{t(`offline.change.${entry.kind}`, { title: entry.title || `#${entry.taskId}` })}</>;
}

/** The refusal in the user's language when the server named its catalogue code. */
function refusal(entry: FailedEntry, t: TFunction): string {
  if (entry.code === undefined) return entry.message;
  return errorText(new ApiRequestError(entry.status, entry.code, entry.message), t);
}

/** What happened to the fields both changed: kept as theirs, or both texts kept. */
function meeting(entry: MetEntry, t: TFunction): string {
  // Fields a user never edits by name (a position, a cover image) are not listed.
  const names = (fields: string[]) =>
    [...new Set(fields.flatMap((f) => TASK_FIELD_LABELS[f as keyof Task] ?? []).map((key) => t(key)))].join(
      ', ',
    );
  const kept = names(entry.kept);
  const merged = names(entry.merged);
  return [
    kept ? t('offline.keptTheirs', { fields: kept }) : '',
    merged ? t('offline.keptBoth', { fields: merged }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Changes, each named with what became of it and kept until dismissed. */
function ChangeList<E extends OutboxEntry>({ entries, says }: { entries: E[]; says: (entry: E) => string }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      {entries.map((entry) => (
        <List.Item key={entry.key}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            {/* A long unbroken title wraps, so the reason and the button stay in view. */}
            <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
              <ChangeName entry={entry} />: {says(entry)}
            </Text>
            <Button size="compact-xs" variant="subtle" flex="none" onClick={() => outbox.dismiss(entry.key)}>
              {t('offline.dismiss')}
            </Button>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The bar itself. Its height is kept in `--ordo-bottom-bar` on the page, so notices stand above it
 * (app/notices.css) instead of over its text.
 */
function BottomBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--ordo-bottom-bar', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty('--ordo-bottom-bar');
    };
  }, []);
  return (
    <Paper
      ref={ref}
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
      {children}
    </Paper>
  );
}

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const signedIn = useSyncExternalStore(subscribeToken, getToken) !== null;
  const state = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const { failed, met, replaying } = state;
  // Another user's changes kept on this device are neither shown nor sent.
  const pending = signedIn ? state.pending.filter((entry) => isOwn(entry)) : state.pending;
  if (online && pending.length === 0 && failed.length === 0 && met.length === 0) return null;
  return (
    <BottomBar>
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
                {online ? t(signedIn ? 'offline.sending' : 'offline.signInToSend') : t('offline.bannerText')}
                {pending.length > 0 && ` ${t('offline.waiting', { count: pending.length })}`}
              </Text>
              {online && signedIn && !replaying && (
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
            <ChangeList entries={failed} says={(entry) => refusal(entry, t)} />
          </Alert>
        )}
        {met.length > 0 && (
          <Alert color="orange" radius={0} py={8} title={t('offline.metTitle')} role="alert">
            <ChangeList entries={met} says={(entry) => meeting(entry, t)} />
          </Alert>
        )}
      </Stack>
    </BottomBar>
  );
}
