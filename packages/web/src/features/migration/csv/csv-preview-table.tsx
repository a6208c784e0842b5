/**
 * The first tasks of the file as the import will make them, as the server read them by the chosen
 * mapping (dates in the user's time zone), and the rows it could not read, each with its line and
 * column, before anything is written.
 */
import { Alert, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../tasks/task-dates';
import type { CsvPreview } from './csv-import-api';

export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  const { t, i18n } = useTranslation();
  const date = (value?: string) => (value ? formatDateTime(new Date(value), i18n.language) : '');
  return (
    <Stack gap="xs" data-testid="csv-preview">
      <Text size="sm" c="dimmed">
        {t('csvImport.preview.hint', { count: preview.total_rows })}
      </Text>
      {preview.tasks.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('csvImport.fields.title')}</Table.Th>
                <Table.Th>{t('csvImport.fields.due_date')}</Table.Th>
                <Table.Th>{t('csvImport.fields.priority')}</Table.Th>
                <Table.Th>{t('csvImport.fields.labels')}</Table.Th>
                <Table.Th>{t('csvImport.fields.project')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.tasks.map((task, index) => (
                // The preview's rows are the file's first rows, in order: their place is their key.
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                <Table.Tr key={index}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500} td={task.done ? 'line-through' : undefined} lineClamp={1}>
                        {task.title}
                      </Text>
                      {task.done && (
                        <Badge size="xs" color="green" variant="light">
                          {t('csvImport.fields.done')}
                        </Badge>
                      )}
                    </Group>
                    {task.description && (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {task.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{date(task.due_date)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{task.priority > 0 ? task.priority : ''}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {(task.labels ?? []).map((label) => (
                        <Badge key={label} size="xs" variant="outline">
                          {label}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{task.project ?? ''}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {preview.error_count > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('csvImport.preview.problems', { count: preview.error_count })}
        >
          <List size="sm" spacing={2}>
            {preview.errors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
