/**
 * CalDAV (spec 1 §2 user.settings caldav, reference §2.18): the address calendar apps sync tasks
 * from, and the tokens they sign in with, each secret shown once after making it.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getApiUrl } from '../../../api/api-url';
import { caldavTokensKey, createCaldavToken, fetchCaldavTokens } from '../../../api/caldav-tokens';
import { useServerInfo } from '../../../app/server-info';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { showError } from '../../../ui/notices';
import { useSignedInUser } from '../../auth/use-current-user';
import { CaldavAddress } from './caldav-address';
import { CaldavTokenList } from './caldav-token-list';
import { caldavUrl } from './caldav-url';
import { CreatedCaldavToken } from './created-caldav-token';

export function CaldavSettingsPage() {
  const { t } = useTranslation();
  const info = useServerInfo();
  // Reached by its address while the server has CalDAV off (ORDO_CALDAV=false).
  if (info && !info.caldavEnabled) return <Alert color="gray">{t('settings.caldav.off')}</Alert>;
  return <CaldavSettings />;
}

function CaldavSettings() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const client = useQueryClient();
  const tokens = useQuery({ queryKey: caldavTokensKey, queryFn: fetchCaldavTokens });
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createCaldavToken,
    onSuccess: (token) => {
      setSecret(token.token ?? null);
      client.invalidateQueries({ queryKey: caldavTokensKey });
    },
    onError: (error) => showError(t, error),
  });

  let list: React.ReactNode;
  if (tokens.isPending) list = <DelayedLoader label={t('settings.caldav.loading')} />;
  else if (tokens.isError) list = <Alert color="red">{t('common.loadingFailed')}</Alert>;
  else if (tokens.data.length === 0)
    list = (
      <Text size="sm" c="dimmed">
        {t('settings.caldav.none')}
      </Text>
    );
  else list = <CaldavTokenList tokens={tokens.data} />;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('settings.caldav.intro')}
          </Text>
          <CaldavAddress url={caldavUrl(getApiUrl() ?? window.location.origin, user.username)} />
          <Text size="sm">
            {t(user.isLocalUser ? 'settings.caldav.signInLocal' : 'settings.caldav.signInToken', {
              username: user.username,
            })}
          </Text>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} style={{ flex: '1 1 280px' }}>
              <Title order={2} fz="lg">
                {t('settings.caldav.tokens')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settings.caldav.tokensIntro')}
              </Text>
            </Stack>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => create.mutate()}
              loading={create.isPending}
              style={{ flexShrink: 0 }}
            >
              {t('settings.caldav.create')}
            </Button>
          </Group>
          {secret && <CreatedCaldavToken secret={secret} onDone={() => setSecret(null)} />}
          {list}
        </Stack>
      </Card>
    </Stack>
  );
}
