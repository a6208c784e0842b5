/**
 * The column-mapping screen of the CSV import: how the file is read (separator, quotes, lines
 * above the header), each column with example values and the task field it fills (or none), the
 * date format when dates are mapped (asked for when the file leaves it open), the project the
 * tasks go into (a new one or one the user may write to), and on request a preview of the first
 * tasks as they will be imported. A field chosen for a second column is taken from the first, so
 * each fills one column; only labels may come from several.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CSV_DATE_FIELDS,
  CSV_DATE_LAYOUTS,
  CSV_TASK_FIELDS,
  type CsvColumnTarget,
  exampleOfLayout,
  FIELD_LIMITS,
  Right,
} from '@ordo/core';
import { IconAlertTriangle, IconEye, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvDetection, CsvImportConfig, CsvReading } from '../../../api/csv-import';
import { previewCsv } from '../../../api/csv-import';
import { errorText } from '../../../i18n/error-text';
import { SearchSelect } from '../../../ui/search-select';
import { projectTitle as displayTitle } from '../../projects/project-title';
import { useProjects } from '../../projects/use-projects';
import { CsvPreviewTable } from './csv-preview-table';
import { CsvReadingOptions, DELIMITER_NAMES } from './csv-reading-options';

/** Example values shown per column. */
const EXAMPLES = 3;

export function CsvMappingForm({
  file,
  detection,
  reading,
  rereading,
  starting,
  onReread,
  onStart,
  onReset,
}: {
  file: File;
  detection: CsvDetection;
  reading: CsvReading;
  rereading: boolean;
  starting: boolean;
  onReread: (reading: CsvReading) => void;
  onStart: (config: CsvImportConfig) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const fileName = file.name;
  const [columns, setColumns] = useState<CsvColumnTarget[]>(
    detection.columns.map(
      (_, i) => detection.suggested_mapping.find((m) => m.column_index === i)?.attribute ?? 'ignore',
    ),
  );
  const [dateFormat, setDateFormat] = useState(detection.date_format);
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [projectTitle, setProjectTitle] = useState(fileName.replace(/\.[^.]+$/, '') || 'Import');
  const [projectId, setProjectId] = useState<string | null>(null);
  const projects = useProjects().data ?? [];
  const writable = useMemo(
    () =>
      projects
        .filter((p) => p.id > 0 && !p.isArchived && (p.maxRight ?? Right.read) >= Right.write)
        .map((p) => ({ value: String(p.id), label: displayTitle(p, t) })),
    [projects, t],
  );

  const fieldOptions = [
    { value: 'ignore', label: t('csvImport.fields.ignore') },
    ...CSV_TASK_FIELDS.map((field) => ({ value: field, label: t(`csvImport.fields.${field}`) })),
  ];
  const choose = (index: number, value: CsvColumnTarget) =>
    setColumns((current) =>
      current.map((old, i) =>
        i === index ? value : value !== 'ignore' && value !== 'labels' && old === value ? 'ignore' : old,
      ),
    );
  const layouts = CSV_DATE_LAYOUTS.includes(detection.date_format)
    ? CSV_DATE_LAYOUTS
    : [detection.date_format, ...CSV_DATE_LAYOUTS];
  const hasTitle = columns.includes('title');
  const hasDates = columns.some((c) => CSV_DATE_FIELDS.includes(c as never));
  const projectChosen = target === 'new' ? projectTitle.trim() !== '' : projectId !== null;
  const config = (): CsvImportConfig => ({
    ...reading,
    date_format: dateFormat,
    mapping: columns.map((attribute, i) => ({
      column_index: i,
      column_name: detection.columns[i] ?? '',
      attribute,
    })),
    project_id: target === 'existing' ? Number(projectId) : 0,
    project_title: target === 'new' ? projectTitle.trim() : '',
  });
  const preview = useMutation({ mutationFn: () => previewCsv(file, config()) });
  // A preview shows the choices it was made with; a changed choice takes it away.
  const resetPreview = preview.reset;
  const change =
    <A extends unknown[]>(set: (...args: A) => void) =>
    (...args: A) => {
      set(...args);
      resetPreview();
    };
  // Columns and their example cells keep their place, so their place is their key.
  const rows = detection.columns.map((header, index) => ({
    header,
    index,
    key: `column-${index}`,
    examples: detection.preview_rows
      .map((row, line) => ({ key: `line-${line}`, text: row[index] ?? '' }))
      .filter((cell) => cell.text.trim() !== '')
      .slice(0, EXAMPLES),
  }));

  return (
    <Paper withBorder radius="md" p="lg" data-testid="csv-mapping">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileSpreadsheet size={28} stroke={1.5} color="var(--mantine-color-teal-6)" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {fileName}
              </Text>
              <Text size="sm" c="dimmed">
                {t('csvImport.summary', {
                  count: detection.total_rows,
                  columns: detection.columns.length,
                  delimiter: t(`csvImport.delimiters.${DELIMITER_NAMES[detection.delimiter] ?? 'comma'}`),
                })}
              </Text>
            </Stack>
          </Group>
          <Button variant="subtle" size="xs" onClick={onReset}>
            {t('csvImport.otherFile')}
          </Button>
        </Group>

        <Stack gap="xs">
          <Title order={3} fz="lg">
            {t('csvImport.options.title')}
          </Title>
          <CsvReadingOptions reading={reading} disabled={rereading || starting} onChange={onReread} />
        </Stack>

        <Stack gap="xs">
          <Title order={3} fz="lg">
            {t('csvImport.columns.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('csvImport.columns.hint')}
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="30%">{t('csvImport.columns.column')}</Table.Th>
                  {/* On a phone the table keeps to the column and its field. */}
                  <Table.Th visibleFrom="sm">{t('csvImport.columns.examples')}</Table.Th>
                  <Table.Th w="40%" miw={160}>
                    {t('csvImport.columns.field')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ index, key, header, examples }) => (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {header || t('csvImport.columns.unnamed', { number: index + 1 })}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Stack gap={0}>
                        {examples.map((cell) => (
                          <Text key={cell.key} size="xs" c="dimmed" lineClamp={1} title={cell.text}>
                            {cell.text.replace(/\s*\n\s*/g, ' ⏎ ')}
                          </Text>
                        ))}
                        {examples.length === 0 && (
                          <Text size="xs" c="dimmed" fs="italic">
                            {t('csvImport.columns.empty')}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        data={fieldOptions}
                        value={columns[index] ?? 'ignore'}
                        allowDeselect={false}
                        onChange={(value) => change(choose)(index, (value ?? 'ignore') as CsvColumnTarget)}
                        aria-label={t('csvImport.columns.fieldFor', {
                          column: header || index + 1,
                        })}
                        comboboxProps={{ withinPortal: true }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {!hasTitle && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t('csvImport.columns.needsTitle')}
            </Alert>
          )}
        </Stack>

        {hasDates && (
          <Stack gap="xs">
            <Select
              label={t('csvImport.dates.label')}
              description={t('csvImport.dates.hint')}
              data={layouts.map((layout) => ({ value: layout, label: exampleOfLayout(layout) }))}
              value={dateFormat}
              allowDeselect={false}
              onChange={(value) => value && change(setDateFormat)(value)}
              maw={360}
            />
            {detection.date_format_ambiguous && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
                {t('csvImport.dates.ambiguous')}
              </Alert>
            )}
          </Stack>
        )}

        <Stack gap="xs">
          <Title order={3} fz="lg">
            {t('csvImport.target.title')}
          </Title>
          <Radio.Group value={target} onChange={(value) => setTarget(value as 'new' | 'existing')}>
            <Group gap="lg">
              <Radio value="new" label={t('csvImport.target.new')} />
              <Radio
                value="existing"
                label={t('csvImport.target.existing')}
                disabled={writable.length === 0}
              />
            </Group>
          </Radio.Group>
          {target === 'new' ? (
            <TextInput
              label={t('csvImport.target.newTitle')}
              value={projectTitle}
              onChange={(event) => setProjectTitle(event.currentTarget.value)}
              maxLength={FIELD_LIMITS.title}
              maw={420}
              required
            />
          ) : (
            <SearchSelect
              label={t('csvImport.target.project')}
              placeholder={t('csvImport.target.pick')}
              data={writable}
              value={projectId}
              onChange={setProjectId}
              nothingFoundMessage={t('csvImport.target.none')}
              maw={420}
              required
            />
          )}
          <Text size="xs" c="dimmed">
            {t('csvImport.target.hint')}
          </Text>
        </Stack>

        {(preview.data || preview.error) && (
          <Stack gap="xs">
            <Title order={3} fz="lg">
              {t('csvImport.preview.title')}
            </Title>
            {preview.data && <CsvPreviewTable preview={preview.data} />}
            {preview.error && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {errorText(preview.error, t)}
              </Alert>
            )}
          </Stack>
        )}

        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            loading={preview.isPending}
            disabled={!hasTitle || rereading || starting}
            onClick={() => preview.mutate()}
          >
            {t('csvImport.preview.show')}
          </Button>
          <Button
            loading={starting}
            disabled={!hasTitle || !projectChosen || rereading}
            onClick={() => onStart(config())}
          >
            {t('csvImport.start', { count: detection.total_rows })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
