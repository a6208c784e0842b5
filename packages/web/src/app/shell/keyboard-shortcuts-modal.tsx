/** The keyboard shortcuts help (Shift+?), listing what is bound in this version of the app. */
import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortcutLabel } from '../shortcuts/shortcut-keys';
import { isApple } from '../shortcuts/shortcuts';
import { navigationItems } from './navigation-items';

export const MENU_SHORTCUT = 'Mod+KeyE';
export const HELP_SHORTCUT = 'Shift+Slash';

function Keys({ shortcut }: { shortcut: string }) {
  const { t } = useTranslation();
  const steps = shortcutLabel(shortcut, isApple);
  return (
    <Group gap={4} wrap="nowrap">
      {steps.map((step, index) => (
        <Group key={step} gap={4} wrap="nowrap">
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

export function KeyboardShortcutsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const groups = [
    {
      title: t('shortcuts.general'),
      rows: [
        { label: t('shortcuts.toggleMenu'), shortcut: MENU_SHORTCUT },
        { label: t('shortcuts.showHelp'), shortcut: HELP_SHORTCUT },
      ],
    },
    {
      title: t('shortcuts.navigation'),
      rows: navigationItems.map((item) => ({ label: t(item.label), shortcut: item.shortcut })),
    },
  ];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      size="md"
      centered
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        {groups.map((group) => (
          <Stack key={group.title} gap={6}>
            <Title order={4} fz="sm" tt="uppercase" c="dimmed">
              {group.title}
            </Title>
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Tbody>
                {group.rows.map((row) => (
                  <Table.Tr key={row.shortcut}>
                    <Table.Td>{row.label}</Table.Td>
                    <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
                      <Keys shortcut={row.shortcut} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
