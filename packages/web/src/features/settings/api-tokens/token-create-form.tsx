/** The form for a new API token: title, expiry and permissions. */
import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '../../../ui/calendar-styles';
import { FIELD_LIMITS } from '@ordo/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiToken,
  apiTokensKey,
  createApiToken,
  fetchPermissionCatalogue,
  permissionCatalogueKey,
  type TokenPermissions,
} from '../../../api/api-tokens';
import { useServerInfo } from '../../../app/server-info';
import { dayjsLocaleOf } from '../../../i18n/languages';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { FormActions } from '../../../ui/form-actions';
import { showError } from '../../../ui/notices';
import { PermissionPicker } from './permission-picker';
import { offeredGroups, selectedCount } from './permission-selection';
import { EXPIRY_PRESET_DAYS, type ExpiryChoice, expiryDate, firstPickableDay } from './token-expiry';

export function TokenCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: ApiToken) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const info = useServerInfo();
  const catalogue = useQuery({ queryKey: permissionCatalogueKey, queryFn: fetchPermissionCatalogue });
  const [title, setTitle] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('30');
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [permissions, setPermissions] = useState<TokenPermissions>({});
  const [tried, setTried] = useState(false);

  const expiresAt = expiryDate(expiry, pickedDay);
  const problems = {
    title: title.trim() ? undefined : t('settings.apiTokens.titleRequired'),
    expiry: expiresAt ? undefined : t('settings.apiTokens.dayRequired'),
    permissions: selectedCount(permissions) > 0 ? undefined : t('settings.apiTokens.permissionsRequired'),
  };

  const create = useMutation({
    mutationFn: () => createApiToken({ title: title.trim(), permissions, expiresAt: expiresAt as string }),
    onSuccess: (token) => {
      const { token: _secret, ...listed } = token;
      client.setQueryData<ApiToken[]>(apiTokensKey, (old) => [listed, ...(old ?? [])]);
      onCreated(token);
    },
    onError: (error) => showError(t, error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problems.title && !problems.expiry && !problems.permissions) create.mutate();
  };

  let picker: React.ReactNode;
  if (catalogue.isPending)
    picker = <DelayedLoader label={t('settings.apiTokens.loadingPermissions')} minHeight={80} />;
  else if (catalogue.isError) picker = <Alert color="red">{t('common.loadingFailed')}</Alert>;
  else {
    picker = (
      <PermissionPicker
        catalogue={catalogue.data}
        groups={offeredGroups(catalogue.data, info?.caldavEnabled ?? false)}
        value={permissions}
        onChange={setPermissions}
        error={tried ? problems.permissions : undefined}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.apiTokens.createTitle')}>
      <Stack gap="md">
        <TextInput
          label={t('settings.apiTokens.tokenTitle')}
          description={t('settings.apiTokens.titleHint')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={tried ? problems.title : undefined}
          maxLength={FIELD_LIMITS.title}
          required
          data-autofocus
          autoFocus
        />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('settings.apiTokens.expiry')}
            value={expiry}
            onChange={(value) => value && setExpiry(value as ExpiryChoice)}
            allowDeselect={false}
            data={[
              ...EXPIRY_PRESET_DAYS.map((days) => ({
                value: String(days),
                label: t('settings.apiTokens.inDays', { count: days }),
              })),
              { value: 'custom', label: t('settings.apiTokens.customDay') },
            ]}
            w={200}
          />
          {expiry === 'custom' && (
            <DatePickerInput
              label={t('settings.apiTokens.expiresOn')}
              value={pickedDay}
              onChange={setPickedDay}
              minDate={firstPickableDay()}
              locale={dayjsLocaleOf(i18n.language)}
              valueFormat="D MMM YYYY"
              leftSection={<IconCalendarEvent size={16} />}
              placeholder={t('settings.apiTokens.pickDay')}
              error={tried ? problems.expiry : undefined}
              w={200}
            />
          )}
        </Group>
        {picker}
        <FormActions
          cancelLabel={t('common.cancel')}
          submitLabel={t('settings.apiTokens.create')}
          loading={create.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
