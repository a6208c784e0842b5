/**
 * /user/settings/migrate (spec 1 §2 migrate.start): the importers this server offers, each with
 * what it imports; choosing one opens its upload screen.
 */
import { Card, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServerInfo } from '../../app/server-info';
import { availableMigrators } from './migrators';

export function MigrateSettingsPage() {
  const { t } = useTranslation();
  const info = useServerInfo();
  const migrators = availableMigrators(info?.availableMigrators);
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        {t('migration.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('migration.intro')}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {migrators.map((m) => (
          <li key={m.id}>
            <UnstyledButton
              component={Link}
              to={`/migrate/${m.id}`}
              w="100%"
              aria-label={t('migration.importFrom', { name: m.name })}
            >
              <Card withBorder radius="md" padding="md">
                <Group wrap="nowrap" gap="md">
                  <ThemeIcon size={44} radius="md" variant="light" color={m.color}>
                    <m.icon size={26} stroke={1.5} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600}>{m.name}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`${m.i18n}.description`)}
                    </Text>
                  </Stack>
                  <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
                </Group>
              </Card>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
