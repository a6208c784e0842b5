/** Banners above the page: a new version is ready (service worker), and demo mode. */

import { useRegisterSW } from 'virtual:pwa-register/react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function UpdateBanner() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  // Floats over the page, below the header at the right: in the flow above the shells it sat under their
  // fixed header. The foot of the page is the offline banner's and the notices'.
  return (
    <Alert
      color="blue"
      variant="filled"
      radius="md"
      py={8}
      icon={<IconRefresh size={18} />}
      role="status"
      pos="fixed"
      top={68}
      right={16}
      w="min(440px, calc(100% - 32px))"
      style={{ zIndex: 400, boxShadow: 'var(--mantine-shadow-md)' }}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('update.available')}</Text>
        <Button size="compact-sm" variant="white" onClick={() => void updateServiceWorker(true)}>
          {t('update.action')}
        </Button>
      </Group>
    </Alert>
  );
}

export function DemoBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem('demoBannerDismissed') === 'true');
  if (dismissed) return null;
  return (
    <Alert
      color="orange"
      role="status"
      radius={0}
      py={8}
      icon={<IconAlertTriangle size={18} />}
      withCloseButton
      closeButtonLabel={t('demo.dismiss')}
      onClose={() => {
        sessionStorage.setItem('demoBannerDismissed', 'true');
        setDismissed(true);
      }}
    >
      <Text size="sm">{t('demo.banner')}</Text>
    </Alert>
  );
}
