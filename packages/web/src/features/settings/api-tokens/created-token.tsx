/** The secret of a token just made: shown this once, with a copy button. */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../ui/clipboard';
import { showError, showSuccess } from '../../../ui/notices';
import type { ApiToken } from './api-tokens-api';

export function CreatedToken({ token, onDone }: { token: ApiToken; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = () =>
    copyToClipboard(token.token ?? '').then(
      () => showSuccess(t, t('settings.apiTokens.copied')),
      () => showError(t, new Error(t('sharing.copyFailed'))),
    );
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('settings.apiTokens.createdTitle', { title: token.title })}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">{t('settings.apiTokens.createdWarning')}</Text>
        <Code
          block
          fz="sm"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          data-testid="new-api-token"
        >
          {token.token}
        </Code>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('settings.apiTokens.done')}
          </Button>
          <Button leftSection={<IconCopy size={16} />} onClick={copy}>
            {t('settings.apiTokens.copy')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
