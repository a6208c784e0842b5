/**
 * Sessions (reference §2.3 `/user/sessions`): every browser and app signed in to the account,
 * the most recently active first, each but this one with a button that signs it out, for a lost
 * phone or a shared computer.
 */
import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentSessionId,
  endSession,
  endSessions,
  fetchSessions,
  type Session,
  sessionsKey,
} from '../../../api/sessions';
import { formatDateTime } from '../../../i18n/date-formats';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { showError, showSuccess } from '../../../ui/notices';
import { RemovableList, RemoveButton } from '../removable-list';
import { deviceName } from './device-name';

const PHONES = new Set(['iOS', 'Android']);

function nameOf(session: Session, t: TFunction): string {
  const { browser, system } = deviceName(session.deviceInfo);
  if (browser && system) return t('settings.sessions.device', { browser, system });
  return browser ?? system ?? t('settings.sessions.unknownDevice');
}

function SessionRow({ session, current, onEnd }: { session: Session; current: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const name = nameOf(session, t);
  const phone = PHONES.has(deviceName(session.deviceInfo).system ?? '');
  const Icon = phone ? IconDeviceMobile : IconDeviceDesktop;
  const date = (wire: string) => formatDateTime(new Date(wire), i18n.language);
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color={current ? 'blue' : 'gray'} radius="md" size="lg">
            <Icon size={18} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{name}</Text>
              {current && (
                <Badge variant="light" size="sm">
                  {t('settings.sessions.thisDevice')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('settings.sessions.activity', {
                created: date(session.created),
                active: date(session.lastActive),
              })}
            </Text>
            {session.ipAddress && (
              <Text size="xs" c="dimmed" ff="monospace">
                {session.ipAddress}
              </Text>
            )}
          </Stack>
        </Group>
        {!current && (
          <RemoveButton
            tooltip={t('settings.sessions.signOut')}
            label={t('settings.sessions.signOutNamed', { name })}
            onClick={onEnd}
          />
        )}
      </Group>
    </Paper>
  );
}

/** Signs out every session but this browser's, after a confirmation; the list follows. */
function SignOutOthers({ others }: { others: Session[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: () => endSessions(others.map((session) => session.id)),
    onSuccess: () => showSuccess(t, t('settings.sessions.signedOutOthers')),
    onError: (error) => showError(t, error),
    onSettled: () => {
      setConfirming(false);
      return client.invalidateQueries({ queryKey: sessionsKey });
    },
  });
  return (
    <>
      <Group justify="flex-end">
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => setConfirming(true)}
        >
          {t('settings.sessions.signOutOthers')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('settings.sessions.signOutOthersTitle')}
        message={t('settings.sessions.signOutOthersMessage')}
        confirmLabel={t('settings.sessions.signOutOthers')}
        loading={signOut.isPending}
        onConfirm={() => signOut.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

export function SessionsSettingsPage() {
  const { t } = useTranslation();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: fetchSessions });
  const current = currentSessionId();
  const others = sessions.data?.filter((session) => session.id !== current) ?? [];

  let list: React.ReactNode;
  if (sessions.isPending) list = <DelayedLoader label={t('settings.sessions.loading')} />;
  else if (sessions.isError) list = <Alert color="red">{t('common.loadingFailed')}</Alert>;
  else
    list = (
      <RemovableList
        items={sessions.data}
        queryKey={sessionsKey}
        remove={(session) => endSession(session.id)}
        texts={{
          list: t('settings.sessions.list'),
          deleted: t('settings.sessions.signedOut'),
          confirmTitle: t('settings.sessions.signOutTitle'),
          confirmMessage: (session) => t('settings.sessions.signOutMessage', { name: nameOf(session, t) }),
          confirmLabel: t('settings.sessions.signOut'),
        }}
        renderItem={(session, askToEnd) => (
          <SessionRow key={session.id} session={session} current={session.id === current} onEnd={askToEnd} />
        )}
      />
    );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('settings.sessions.intro')}
        </Text>
        {list}
        {others.length > 1 && <SignOutOthers others={others} />}
      </Stack>
    </Card>
  );
}
