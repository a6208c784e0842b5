/**
 * Where the app finds its server (spec 1 §2 readiness gate, §5 API address): shows the current
 * host with a "Change" button, or an address field that probes what was typed.
 */
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adoptApiUrl, apiDomain, getApiUrl } from '../../api/api-url';
import { fetchInfo } from '../../api/info';
import { InvalidApiUrlError, probeApiUrl } from '../../api/probe-api';
import { queryKeys } from '../../api/query-keys';
import { showError, showSuccess } from '../../ui/notices';

export function ApiConfig({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = getApiUrl();
  const [open, setOpen] = useState(initiallyOpen || !current);
  const [value, setValue] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      setProblem(t('apiConfig.urlRequired'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const found = await probeApiUrl(value, window.location, (url) => fetchInfo(url));
      adoptApiUrl(found.url);
      queryClient.setQueryData(queryKeys.info, found.info);
      await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.info[0] });
      setValue(found.url);
      setOpen(false);
      showSuccess(t, t('apiConfig.success', { domain: apiDomain(found.url) }));
    } catch (error) {
      const message =
        error instanceof InvalidApiUrlError ? t('apiConfig.error', { domain: value.trim() }) : undefined;
      if (message) setProblem(message);
      else showError(t, error);
    } finally {
      setBusy(false);
    }
  }

  if (!open && current) {
    return (
      <Group gap={6} justify="center" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('apiConfig.signInAt', { domain: apiDomain(current) })}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)}>
          {t('apiConfig.change')}
        </Anchor>
      </Group>
    );
  }

  return (
    <form onSubmit={submit} noValidate style={{ width: '100%' }}>
      <Stack gap="xs">
        <TextInput
          type="url"
          label={t('apiConfig.label')}
          description={t('apiConfig.description')}
          placeholder="https://ordo.example.com"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={problem}
          autoComplete="url"
        />
        <Group justify="flex-end" gap="xs">
          {current && !initiallyOpen && (
            <Button variant="subtle" onClick={() => setOpen(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {t('apiConfig.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
