/**
 * "Live updates paused" in the shell's header while the live socket is down: what the screens
 * show may then lag behind until it is back (they still refetch on focus). A drop shorter than
 * the grace period (a reconnect, the first connect after sign-in) shows nothing.
 */
import { Badge, Box } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveNotificationsConnected } from '../notifications/use-live-notifications';
import { useLiveProjectTree } from './use-live-project';

export const PAUSED_GRACE_MS = 3_000;

export function LiveStatus() {
  const { t } = useTranslation();
  const connected = useLiveNotificationsConnected();
  const [paused, setPaused] = useState(false);
  useLiveProjectTree();

  useEffect(() => {
    if (connected) {
      setPaused(false);
      return;
    }
    const timer = setTimeout(() => setPaused(true), PAUSED_GRACE_MS);
    return () => clearTimeout(timer);
  }, [connected]);

  if (!paused) return null;
  return (
    // The hint shows on hover (ui/hover-tips.tsx): a Mantine Tooltip here would bring floating-ui
    // into the header's first download.
    <Badge
      color="orange"
      variant="light"
      size="lg"
      role="status"
      aria-label={t('live.paused')}
      leftSection={<IconPlugConnectedX size={14} stroke={1.8} />}
      styles={{ label: { overflow: 'visible' } }}
      data-testid="live-paused"
      data-tip={t('live.pausedHint')}
    >
      {/* On a phone the icon alone, with the text for screen readers and in the tooltip. */}
      <Box component="span" visibleFrom="sm">
        {t('live.paused')}
      </Box>
    </Badge>
  );
}
