/**
 * Where the "your export is ready" mail leads (spec 1 §2 user.export.download): the password
 * again, then the zip is downloaded.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadExport } from '../../api/account';
import { showError, showSuccess } from '../../ui/notices';
import { ExportPasswordInput, useExportPassword } from './export-password';

export function ExportDownloadPage() {
  const { t } = useTranslation();
  const password = useExportPassword();
  const download = useMutation({
    mutationFn: () => downloadExport(password.secret),
    onSuccess: () => showSuccess(t, t('exportDownload.started')),
    onError: (error) => showError(t, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password.check()) return;
    download.mutate();
  };
  return (
    <Stack gap="lg" maw={520} mx="auto" mt="xl">
      <Title order={1} fz={28}>
        {t('exportDownload.title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('exportDownload.intro')}</Text>
            <ExportPasswordInput password={password} autoFocus />
            <Group justify="space-between">
              <Anchor component={Link} to="/user/settings/data-export" size="sm">
                {t('exportDownload.toSettings')}
              </Anchor>
              <Button type="submit" leftSection={<IconFileZip size={16} />} loading={download.isPending}>
                {t('settings.dataExport.download')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
