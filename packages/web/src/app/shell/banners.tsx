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
  return (
    <Alert color="blue" radius={0} py={8} icon={<IconRefresh size={18} />} role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('update.available')}</Text>
        <Button size="compact-sm" onClick={() => void updateServiceWorker(true)}>
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
