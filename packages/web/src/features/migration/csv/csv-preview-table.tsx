/**
 * The first tasks of the file as the import will make them, as the server read them by the chosen
 * mapping (dates in the user's time zone), and the rows it could not read, each with its line and
 * column, before anything is written. Columns no shown task fills are left out.
 */
import { Alert, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvPreview, CsvPreviewTask } from '../../../api/csv-import';
import { formatDateTime, formatDay } from '../../../i18n/date-formats';

/** A date as the preview shows it: without the time when it is midnight (a date-only cell). */
function previewDate(wire: string, language: string): string {
  const date = new Date(wire);
  const midnight = date.getHours() === 0 && date.getMinutes() === 0;
  return midnight ? formatDay(date, language) : formatDateTime(date, language);
}

interface PreviewColumn {
  key: string;
  header: string;
  has: (task: CsvPreviewTask) => boolean;
  cell: (task: CsvPreviewTask) => ReactNode;
}

export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  const { t, i18n } = useTranslation();
  const date = (wire?: string) => (wire ? previewDate(wire, i18n.language) : '');
  const optional: PreviewColumn[] = [
    {
      key: 'due',
      header: t('csvImport.fields.due_date'),
      has: (task) => Boolean(task.due_date),
      cell: (task) => date(task.due_date),
    },
    {
      key: 'start',
      header: t('csvImport.fields.start_date'),
      has: (task) => Boolean(task.start_date),
      cell: (task) => date(task.start_date),
    },
    {
      key: 'priority',
      header: t('csvImport.fields.priority'),
      has: (task) => task.priority > 0,
      cell: (task) => (task.priority > 0 ? task.priority : ''),
    },
    {
      key: 'labels',
      header: t('csvImport.fields.labels'),
      has: (task) => (task.labels ?? []).length > 0,
      cell: (task) => (
        <Group gap={4}>
          {(task.labels ?? []).map((label) => (
            <Badge key={label} size="xs" variant="outline">
              {label}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'bucket',
      header: t('csvImport.fields.bucket'),
      has: (task) => Boolean(task.bucket),
      cell: (task) => task.bucket ?? '',
    },
    {
      key: 'project',
      header: t('csvImport.fields.project'),
      has: (task) => Boolean(task.project),
      cell: (task) => task.project ?? '',
    },
  ];
  const columns = optional.filter((column) => preview.tasks.some(column.has));
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
                <Table.Th miw={200}>{t('csvImport.fields.title')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.key}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.tasks.map((task, index) => (
                // The preview's rows are the file's first rows, in order: their place is their key.
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                <Table.Tr key={index}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" align="center">
                      <Text size="sm" fw={500} td={task.done ? 'line-through' : undefined}>
                        {task.title}
                      </Text>
                      {task.done && (
                        <Badge size="xs" color="green" variant="light" style={{ flexShrink: 0 }}>
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
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Text size="sm" component="div">
                        {column.cell(task)}
                      </Text>
                    </Table.Td>
                  ))}
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
