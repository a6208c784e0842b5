/**
 * API tokens (spec 1 §2 user.settings api-tokens, reference §2.14): the user's tokens, a form
 * for a new one, and its secret shown once after creating it.
 */
import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiToken,
  apiTokensKey,
  fetchApiTokens,
  fetchPermissionCatalogue,
  permissionCatalogueKey,
} from '../../../api/api-tokens';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { CreatedToken } from './created-token';
import { TokenCreateForm } from './token-create-form';
import { TokenList } from './token-list';

function EmptyState({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconKey size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {t('settings.apiTokens.emptyTitle')}
        </Title>
        <Text size="sm" c="dimmed" maw={420}>
          {t('settings.apiTokens.emptyText')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onCreate} mt="xs">
          {t('settings.apiTokens.createFirst')}
        </Button>
      </Stack>
    </Card>
  );
}

export function ApiTokensPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokensKey, queryFn: fetchApiTokens });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiToken | null>(null);
  // The form needs the catalogue; fetching it early keeps the form from waiting.
  const prefetch = () =>
    client.prefetchQuery({ queryKey: permissionCatalogueKey, queryFn: fetchPermissionCatalogue });
  const startCreating = () => {
    setCreated(null);
    setCreating(true);
  };

  let list: React.ReactNode = null;
  if (tokens.isPending) list = <DelayedLoader label={t('settings.apiTokens.loading')} />;
  else if (tokens.isError) list = <Alert color="red">{t('common.loadingFailed')}</Alert>;
  else if (tokens.data.length === 0 && !creating && !created) list = <EmptyState onCreate={startCreating} />;
  else if (tokens.data.length > 0) list = <TokenList tokens={tokens.data} />;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 280px' }}>
              {t('settings.apiTokens.intro')}
            </Text>
            {!creating && (tokens.data?.length ?? 0) > 0 && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={startCreating}
                onMouseEnter={prefetch}
                onFocus={prefetch}
                style={{ flexShrink: 0 }}
              >
                {t('settings.apiTokens.new')}
              </Button>
            )}
          </Group>
          {created && <CreatedToken token={created} onDone={() => setCreated(null)} />}
          {creating && (
            <TokenCreateForm
              onCreated={(token) => {
                setCreating(false);
                setCreated(token);
              }}
              onCancel={() => setCreating(false)}
            />
          )}
        </Stack>
      </Card>
      {list}
    </Stack>
  );
}
