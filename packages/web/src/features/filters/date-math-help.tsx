/** How dates in filters and the range picker are written (behaviour.md §3): anchors, steps, rounding. */
import { Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const examples = [
  'now',
  'now/d',
  'now/d+1d',
  'now+7d',
  'now/w',
  'now/M+1M',
  'now-2h',
  '2024-01-31||+1M/d',
] as const;
const units = ['s', 'm', 'h', 'd', 'w', 'M', 'y'] as const;

/** `withTitle` off when a modal already says "Date math". */
export function DateMathHelp({ withTitle = true }: { withTitle?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {withTitle && (
        <Title order={3} fz="md">
          {t('filters.dateMath.title')}
        </Title>
      )}
      <Text size="sm">{t('filters.dateMath.intro')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('filters.dateMath.anchor')}</List.Item>
        <List.Item>{t('filters.dateMath.step')}</List.Item>
        <List.Item>{t('filters.dateMath.round')}</List.Item>
      </List>
      <Text size="sm">
        {t('filters.dateMath.units')}{' '}
        {units.map((unit, i) => (
          <span key={unit}>
            <Code>{unit}</Code> {t(`filters.dateMath.unit.${unit}`)}
            {i < units.length - 1 ? ', ' : ''}
          </span>
        ))}
      </Text>
      <Table withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Tbody>
          {examples.map((example, i) => (
            <Table.Tr key={example}>
              <Table.Td>
                <Code>{example}</Code>
              </Table.Td>
              <Table.Td>{t(`filters.dateMath.example.${i}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('filters.dateMath.zone')}
      </Text>
    </Stack>
  );
}
