/**
 * The keyboard shortcuts help (Shift+?, spec 1 §2): every shortcut of the app, grouped, with the
 * keys as they read on the user's platform (Ctrl or ⌘).
 */
import { Group, Kbd, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { shortcutGroups } from './shortcut-catalogue';
import { shortcutLabel } from './shortcut-keys';
import { isApple } from './shortcuts';

function Keys({ shortcut }: { shortcut: string }) {
  const { t } = useTranslation();
  const steps = shortcutLabel(shortcut, isApple).map((step) =>
    step.replace(/\bClick$/, t('shortcutHelp.click')),
  );
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {steps.map((step, index) => (
        // Steps can repeat (g g), so their place is part of the key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap={4} wrap="nowrap">
          {index > 0 && (
            <Text size="xs" c="dimmed">
              {t('shortcuts.then')}
            </Text>
          )}
          <Kbd>{step}</Kbd>
        </Group>
      ))}
    </Group>
  );
}

export function ShortcutsHelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      size="xl"
      centered
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
        {shortcutGroups(isApple).map((group) => (
          <Stack key={group.title} gap={6}>
            <Title order={3} fz="sm" tt="uppercase" c="dimmed">
              {t(group.title)}
            </Title>
            <Table verticalSpacing={5} withRowBorders={false} aria-label={t(group.title)}>
              <Table.Tbody>
                {group.rows.map((row) => (
                  <Table.Tr key={row.shortcut}>
                    <Table.Td fz="sm">{t(row.label)}</Table.Td>
                    <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
                      <Keys shortcut={row.shortcut} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
