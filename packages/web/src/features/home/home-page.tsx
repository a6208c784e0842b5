/** The overview (spec 1 §2 "Home"): a greeting by time of day with the display name. */
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconKeyboard, IconSettings } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortcutLabel } from '../../app/shortcuts/shortcut-keys';
import { isApple } from '../../app/shortcuts/shortcuts';
import { useSignedInUser } from '../auth/use-current-user';
import { greetingKey } from './greeting';

/** The current time, refreshed when the page becomes visible again so the greeting follows the day. */
function useNowOnActivate(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, []);
  return now;
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const now = useNowOnActivate();
  const name = displayName(user);
  const key = greetingKey(now, name, Date.parse(user.created));

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        {key && (
          <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="greeting">
            {t(key, { name })}
          </Title>
        )}
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder padding="lg" radius="md">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md">
              <IconSettings size={20} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text fw={600}>{t('home.settingsCard.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('home.settingsCard.text')}
              </Text>
              <Anchor component={Link} to="/user/settings/general" size="sm">
                {t('home.settingsCard.action')}
              </Anchor>
            </Stack>
          </Group>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md" color="grape">
              <IconKeyboard size={20} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text fw={600}>{t('home.shortcutsCard.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('home.shortcutsCard.text', {
                  menu: shortcutLabel('Mod+KeyE', isApple)[0],
                  help: shortcutLabel('Shift+Slash', isApple)[0],
                })}
              </Text>
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
