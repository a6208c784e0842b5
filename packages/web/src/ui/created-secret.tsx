/**
 * A secret just made (an API token, a CalDAV token): shown this once, with a warning that it
 * will not be shown again and a copy button. The texts come from the caller.
 */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from './clipboard';

export interface CreatedSecretTexts {
  title: string;
  warning: string;
  copy: string;
  copied: string;
  done: string;
}

export function CreatedSecret({
  secret,
  texts,
  testId,
  onDone,
}: {
  secret: string;
  texts: CreatedSecretTexts;
  testId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const copy = () => copyWithNotice(t, secret, texts.copied);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={texts.title}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">{texts.warning}</Text>
        <Code block fz="sm" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {secret}
        </Code>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {texts.done}
          </Button>
          <Button leftSection={<IconCopy size={16} />} onClick={copy}>
            {texts.copy}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
