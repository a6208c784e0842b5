/**
 * The quick-add syntax help (spec 2 §2): labels, priority, assignees, project, dates and repeats,
 * written with the prefixes of the user's mode. Offered only when magic mode is on, by its button
 * (quick-add-help-button.tsx), which loads it when first wanted.
 */
import { Code, List, Stack, Text, Title } from '@mantine/core';
import { QUICK_ADD_PREFIXES, type QuickAddMagicMode } from '@ordo/core';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';

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

export interface QuickAddHelpProps {
  mode: Exclude<QuickAddMagicMode, 'disabled'>;
  opened: boolean;
  onClose: () => void;
}

export function QuickAddHelpModal({ mode, opened, onClose }: QuickAddHelpProps) {
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
