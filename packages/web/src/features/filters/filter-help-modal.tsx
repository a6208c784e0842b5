/** The filter syntax help: fields, operators, joins, examples and date math. */
import { Code, Divider, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { DateMathHelp } from './date-math-help';

const fields = [
  'done',
  'priority',
  'percentDone',
  'dueDate',
  'startDate',
  'endDate',
  'doneAt',
  'reminders',
  'created',
  'updated',
  'assignees',
  'labels',
  'project',
] as const;

const operators = ['=', '!=', '>', '>=', '<', '<=', 'like', 'in', 'not in'] as const;
const operatorKeys = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'in', 'notIn'] as const;

const examples = [
  'done = false && priority >= 3',
  'dueDate < now/d+1d && done = false',
  'labels in Work, Home || assignees = ada',
  '(priority = 5 || dueDate < now) && done = false',
  'project = Garden && percentDone < 50',
] as const;

export function FilterHelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('filters.help.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('filters.help.intro')}</Text>
        <Title order={3} fz="md">
          {t('filters.help.fields')}
        </Title>
        <Table withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Td>
                  <Code>{field}</Code>
                </Table.Td>
                <Table.Td>{t(`filters.help.field.${field}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Title order={3} fz="md">
          {t('filters.help.operators')}
        </Title>
        <Table withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Tbody>
            {operators.map((op, i) => (
              <Table.Tr key={op}>
                <Table.Td w={90}>
                  <Code>{op}</Code>
                </Table.Td>
                <Table.Td>{t(`filters.help.operator.${operatorKeys[i]}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm">{t('filters.help.joins')}</Text>
        <Text size="sm">{t('filters.help.titles')}</Text>
        <Title order={3} fz="md">
          {t('filters.help.examples')}
        </Title>
        <Stack gap={4}>
          {examples.map((example) => (
            <Code key={example} block>
              {example}
            </Code>
          ))}
        </Stack>
        <Divider />
        <DateMathHelp />
      </Stack>
    </Modal>
  );
}
