/**
 * The data export (spec 1 §2 user.settings.data-export; reference §2.3): request a zip of all
 * one's data with the password, watch it being built, and download it while it is kept (7 days).
 */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconFileZip, IconHourglass } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, exportStatusKey, fetchExportStatus, requestExport } from '../../api/account';
import { useDelayedFlag } from '../../ui/delayed-loader';
import { formatFileSize } from '../../ui/file-size';
import { showError, showSuccess } from '../../ui/notices';
import { SettingsFormCard } from '../../ui/settings-form-card';
import { formatDateTime } from '../tasks/task-dates';
import { ExportPasswordInput, useExportPassword } from './export-password';

/** How often the page asks whether a build has finished. */
const POLL_MS = 2000;

export function DataExportSettingsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const password = useExportPassword();
  const status = useQuery({
    queryKey: exportStatusKey,
    queryFn: fetchExportStatus,
    refetchInterval: (query) => (query.state.data?.buildingSince ? POLL_MS : false),
  });
  const showLoader = useDelayedFlag(status.isPending);
  const ready = status.data?.id ? status.data : null;
  const building = !!status.data?.buildingSince;

  const request = useMutation({
    mutationFn: () => requestExport(password.secret),
    onSuccess: () => {
      password.clear();
      showSuccess(t, t('settings.dataExport.requested'));
      void client.invalidateQueries({ queryKey: exportStatusKey });
    },
    onError: (error) => showError(t, error),
  });
  const download = useMutation({
    mutationFn: () => downloadExport(password.secret),
    onError: (error) => showError(t, error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password.check()) return;
    if (ready && !building) download.mutate();
    else request.mutate();
  };

  let state: React.ReactNode;
  if (status.isPending)
    state = showLoader ? <Loader size="sm" aria-label={t('settings.dataExport.loading')} /> : null;
  else if (status.isError) state = <Alert color="red">{t('common.loadingFailed')}</Alert>;
  else if (building) {
    state = (
      <Alert color="blue" icon={<IconHourglass size={18} />} role="status" data-testid="export-building">
        {t('settings.dataExport.building')}
      </Alert>
    );
  } else if (ready) {
    state = (
      <Alert color="teal" icon={<IconFileZip size={18} />} role="status" data-testid="export-ready">
        {t('settings.dataExport.ready', {
          created: formatDateTime(new Date(ready.created ?? ''), i18n.language),
          size: formatFileSize(ready.size ?? 0, i18n.language),
          expires: formatDateTime(new Date(ready.expires ?? ''), i18n.language),
        })}
      </Alert>
    );
  } else {
    state = (
      <Text size="sm" c="dimmed" data-testid="export-none">
        {t('settings.dataExport.none')}
      </Text>
    );
  }

  return (
    <SettingsFormCard onSubmit={submit}>
      <Text size="sm">{t('settings.dataExport.intro')}</Text>
      {state}
      <ExportPasswordInput password={password} description={t('settings.dataExport.passwordHint')} />
      <Group justify="flex-end">
        <Button
          variant={ready && !building ? 'default' : 'filled'}
          loading={request.isPending}
          disabled={building}
          onClick={() => password.check() && request.mutate()}
        >
          {ready ? t('settings.dataExport.requestNew') : t('settings.dataExport.request')}
        </Button>
        {ready && !building && (
          <Button type="submit" leftSection={<IconFileZip size={16} />} loading={download.isPending}>
            {t('settings.dataExport.download')}
          </Button>
        )}
      </Group>
    </SettingsFormCard>
  );
}
