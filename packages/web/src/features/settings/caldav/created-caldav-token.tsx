/** The secret of a CalDAV token just made: shown this once, with a copy button. */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../ui/clipboard';
import { showError, showSuccess } from '../../../ui/notices';

export function CreatedCaldavToken({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = () =>
    copyToClipboard(secret).then(
      () => showSuccess(t, t('settings.caldav.copied')),
      () => showError(t, new Error(t('sharing.copyFailed'))),
    );
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('settings.caldav.createdTitle')}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">{t('settings.caldav.createdWarning')}</Text>
        <Code
          block
          fz="sm"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          data-testid="new-caldav-token"
        >
          {secret}
        </Code>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('settings.caldav.done')}
          </Button>
          <Button leftSection={<IconCopy size={16} />} onClick={copy}>
            {t('settings.caldav.copy')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
