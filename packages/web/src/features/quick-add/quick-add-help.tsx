/**
 * The quick-add syntax help (spec 2 §2): labels, priority, assignees, project, dates and repeats,
 * written with the prefixes of the user's mode. Offered only when magic mode is on.
 */
import { ActionIcon, Code, List, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QUICK_ADD_PREFIXES, type QuickAddMagicMode } from '@ordo/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={4} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function QuickAddHelpModal({
  mode,
  opened,
  onClose,
}: {
  mode: Exclude<QuickAddMagicMode, 'disabled'>;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const prefixes = QUICK_ADD_PREFIXES[mode];
  return (
    <Modal opened={opened} onClose={onClose} title={t('quickAdd.help.title')} size="lg" centered zIndex={400}>
      <Stack gap="md">
        <Text size="sm">{t('quickAdd.help.intro')}</Text>
        <Section title={t('quickAdd.help.labels')}>
          <Text size="sm">{t('quickAdd.help.labelsText', { prefix: prefixes.label })}</Text>
          <Text size="sm" c="dimmed">
            {t('quickAdd.help.example')}{' '}
            <Code>{`Groceries ${prefixes.label}errand ${prefixes.label}"after work"`}</Code>
          </Text>
        </Section>
        <Section title={t('quickAdd.help.priority')}>
          <Text size="sm">{t('quickAdd.help.priorityText', { prefix: prefixes.priority })}</Text>
        </Section>
        <Section title={t('quickAdd.help.assignees')}>
          <Text size="sm">{t('quickAdd.help.assigneesText', { prefix: prefixes.assignee })}</Text>
        </Section>
        <Section title={t('quickAdd.help.project')}>
          <Text size="sm">{t('quickAdd.help.projectText', { prefix: prefixes.project })}</Text>
        </Section>
        <Section title={t('quickAdd.help.dates')}>
          <Text size="sm">{t('quickAdd.help.datesText')}</Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('quickAdd.help.datesKeywords')}</List.Item>
            <List.Item>{t('quickAdd.help.datesWeekdays')}</List.Item>
            <List.Item>{t('quickAdd.help.datesRelative')}</List.Item>
            <List.Item>{t('quickAdd.help.datesWritten')}</List.Item>
            <List.Item>{t('quickAdd.help.datesTime')}</List.Item>
          </List>
        </Section>
        <Section title={t('quickAdd.help.repeats')}>
          <Text size="sm">{t('quickAdd.help.repeatsText')}</Text>
        </Section>
        <Section title={t('quickAdd.help.literal')}>
          <Text size="sm">{t('quickAdd.help.literalText')}</Text>
        </Section>
      </Stack>
    </Modal>
  );
}

/** A "?" button opening the help; renders nothing when magic mode is disabled. */
export function QuickAddHelpButton({ mode }: { mode: QuickAddMagicMode }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  if (mode === 'disabled') return null;
  return (
    <>
      <Tooltip label={t('quickAdd.help.open')}>
        <ActionIcon variant="subtle" color="gray" onClick={open} aria-label={t('quickAdd.help.open')}>
          <IconHelpCircle size={18} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <QuickAddHelpModal mode={mode} opened={opened} onClose={close} />
    </>
  );
}
