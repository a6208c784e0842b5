/** The CalDAV address to paste into a calendar app, with a copy button. */
import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function CaldavAddress({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('settings.caldav.address')}
      description={t('settings.caldav.addressHint')}
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={
        <CopyButton value={url} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('settings.caldav.copiedAddress') : t('settings.caldav.copyAddress')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('settings.caldav.copyAddress')}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
