/**
 * The shell for visitors without a session (spec 1 §2): logo, the page title, the server's
 * message of the day (beside the form on wide screens, above it on narrow ones), the API address
 * block, and legal links only when configured.
 */
import { Alert, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ApiConfig } from '../../features/api-config/api-config';
import { DelayedLoader } from '../../ui/delayed-loader';
import { Logo } from '../../ui/logo';
import { useRouteMatches } from '../route-matches';
import { routeTitleKey } from '../route-title';
import { useServerInfo } from '../server-info';
import { LegalLinks } from './legal-links';
import classes from './signed-out-shell.module.css';

function Motd({ text, className }: { text: string; className?: string }) {
  return (
    <Alert
      className={className}
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      role="note"
      data-testid="motd"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Alert>
  );
}

export function SignedOutShell() {
  const { t } = useTranslation();
  const info = useServerInfo();
  const titleKey = routeTitleKey(useRouteMatches());
  const motd = info?.motd?.trim();
  const legal = info?.legal;

  return (
    <div className={classes.page}>
      <aside className={classes.brand}>
        <Stack gap="lg" maw={380}>
          <Title order={2} c="white" fz={34} lh={1.15}>
            {t('signedOut.welcomeBack')}
          </Title>
          <Text c="white" opacity={0.85}>
            {t('signedOut.tagline')}
          </Text>
          {motd && <Motd text={motd} className={classes.brandMotd} />}
        </Stack>
      </aside>
      <main className={classes.content}>
        <Stack w="100%" maw={400} gap="lg">
          <Group justify="center">
            <Logo size={40} />
          </Group>
          {titleKey && (
            <Title order={1} fz={26} ta="center">
              {t(titleKey)}
            </Title>
          )}
          {motd && <Motd text={motd} className={classes.inlineMotd} />}
          <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }} shadow="xs">
            <Suspense fallback={<DelayedLoader label={t('ready.loading')} minHeight={80} />}>
              <Outlet />
            </Suspense>
          </Paper>
          <ApiConfig />
          <LegalLinks legal={legal} size="sm" justify="center" />
          <Box h={8} />
        </Stack>
      </main>
    </div>
  );
}
