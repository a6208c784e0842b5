/**
 * Two-factor authentication (spec 1 §4 "Two-factor"): not enrolled → enrolled (the secret and its
 * QR code shown) → confirmed with a passcode from the app → disabled again with the password.
 */
import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Image,
  Loader,
  PasswordInput,
  PinInput,
  Stack,
  Text,
} from '@mantine/core';
import { IconInfoCircle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  disableTwoFactor,
  enableTwoFactor,
  enrollTwoFactor,
  fetchTwoFactor,
  type TwoFactorStatus,
  twoFactorQrCode,
} from '../../api/two-factor';
import { useServerInfo } from '../../app/server-info';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';

const twoFactorKey = ['user', 'two-factor'] as const;

/** The QR code as an object URL, released when the page leaves (keyed by secret: see below). */
function useQrCodeUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    twoFactorQrCode().then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => setUrl(null),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, []);
  return url;
}

function Enrolment({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const qrCode = useQrCodeUrl();
  const [passcode, setPasscode] = useState('');
  const enable = useMutation({
    mutationFn: () => enableTwoFactor(passcode),
    onSuccess: () => {
      showSuccess(t, t('settings.twoFactor.enabled'));
      client.setQueryData(twoFactorKey, { ...status, enabled: true });
    },
    onError: (error) => {
      setPasscode('');
      showError(t, error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passcode.length === 6) enable.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{t('settings.twoFactor.scan')}</Text>
        <Group align="flex-start" gap="lg">
          <Card withBorder padding={4} radius="md" w={168} h={168} bg="white">
            {qrCode ? (
              <Image src={qrCode} alt={t('settings.twoFactor.qrAlt')} w={158} h={158} />
            ) : (
              <Loader size="sm" m="auto" />
            )}
          </Card>
          <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
            <Text size="sm" c="dimmed">
              {t('settings.twoFactor.secret')}
            </Text>
            <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {status.secret}
            </Code>
          </Stack>
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="totp-passcode-label">
            {t('settings.twoFactor.passcode')}
          </Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={passcode}
            onChange={setPasscode}
            aria-labelledby="totp-passcode-label"
            getInputProps={(index) => ({ 'aria-label': t('settings.twoFactor.digit', { n: index + 1 }) })}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={enable.isPending} disabled={passcode.length !== 6}>
            {t('settings.twoFactor.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Disable() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const disable = useMutation({
    mutationFn: () => disableTwoFactor(password),
    onSuccess: () => {
      showSuccess(t, t('settings.twoFactor.disabled'));
      client.setQueryData(twoFactorKey, null);
    },
    onError: (error) => showError(t, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) disable.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Alert color="teal" icon={<IconShieldCheck size={18} />} role="status">
          {t('settings.twoFactor.on')}
        </Alert>
        <PasswordInput
          label={t('settings.twoFactor.password')}
          description={t('settings.twoFactor.passwordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" variant="light" loading={disable.isPending} disabled={!password}>
            {t('settings.twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TwoFactorSettingsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSignedInUser();
  const info = useServerInfo();
  // The settings menu lists this page only where it applies; an address typed in still lands here.
  const unavailable = !user.isLocalUser
    ? t('settings.twoFactor.notLocal')
    : info && !info.totpEnabled
      ? t('settings.twoFactor.serverOff')
      : null;
  const status = useQuery({ queryKey: twoFactorKey, queryFn: fetchTwoFactor, enabled: unavailable === null });
  const enroll = useMutation({
    mutationFn: enrollTwoFactor,
    onSuccess: (enrolled) => client.setQueryData(twoFactorKey, enrolled),
    onError: (error) => showError(t, error),
  });

  if (unavailable) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />}>
        {unavailable}
      </Alert>
    );
  }
  let body: React.ReactNode;
  if (status.isPending) body = <Loader size="sm" />;
  else if (status.isError) body = <Alert color="red">{t('common.loadingFailed')}</Alert>;
  else if (status.data?.enabled) body = <Disable />;
  // A new secret is a new enrolment, with a QR code of its own.
  else if (status.data) body = <Enrolment key={status.data.secret} status={status.data} />;
  else {
    body = (
      <Group justify="flex-end">
        <Button onClick={() => enroll.mutate()} loading={enroll.isPending}>
          {t('settings.twoFactor.setUp')}
        </Button>
      </Group>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('settings.twoFactor.intro')}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
