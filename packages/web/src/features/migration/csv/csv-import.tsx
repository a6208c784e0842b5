/**
 * /migrate/csv: a CSV file from any app. The server reads the file first (detect: its columns,
 * separator and a suggested mapping; again when the user corrects how it is read), the user maps
 * the columns and may preview the first tasks, then the import runs on the server like every
 * import: its progress shows here, it can be cancelled, and its end is told with the counts.
 */
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/api-error';
import {
  CSV_SERVICE,
  type CsvDetection,
  type CsvImportConfig,
  type CsvReading,
  detectCsv,
  startCsvImport,
} from '../../../api/csv-import';
import { cancelImport, fetchMigrationStatus, isRunning, migrationKeys } from '../../../api/migration';
import { queryKeys } from '../../../api/query-keys';
import { ImportDropzone } from '../import-dropzone';
import { importErrorText } from '../import-error';
import { ImportProgress } from '../import-progress';
import { ImportHeading, ImportStopped, ImportSucceeded, UploadFailed } from '../import-states';
import { CSV_MIGRATOR } from '../migrators';
import { CsvMappingForm } from './csv-mapping-form';

const POLL_MS = 1000;

/**
 * The importers' texts, but a file that is no CSV is told as such (not as no TickTick backup), and
 * a row naming a child project the user may only read says which project and line.
 */
function csvErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError && error.code === 14003) return t('csvImport.notACsv');
  const refused =
    error instanceof ApiRequestError && error.status === 403 ? (error.body as ReadOnlyRow | null) : null;
  if (typeof refused?.projectTitle === 'string' && typeof refused.line === 'number')
    return t('csvImport.readOnlyProject', { line: refused.line, project: refused.projectTitle });
  return importErrorText(error, t);
}

/** The server's refusal of a row naming a project the user may only read (camel-cased). */
interface ReadOnlyRow {
  line?: unknown;
  projectTitle?: unknown;
}

export function CsvImport() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [detection, setDetection] = useState<CsvDetection | null>(null);
  const [reading, setReading] = useState<CsvReading | null>(null);
  // Each reading of the file starts the mapping afresh: its columns may have changed.
  const [readCount, setReadCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [followedId, setFollowedId] = useState<number | null>(null);
  const status = useQuery({
    queryKey: migrationKeys.status(CSV_SERVICE),
    queryFn: () => fetchMigrationStatus(CSV_SERVICE),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });
  const detected = (result: CsvDetection, skipRows: number) => {
    setDetection(result);
    setReading({ delimiter: result.delimiter, quote_char: result.quote_char, skip_rows: skipRows });
    setReadCount((n) => n + 1);
  };
  const read = useMutation({
    mutationFn: (chosen: File) => detectCsv(chosen),
    onMutate: (chosen) => {
      setError(null);
      setFollowedId(null);
      setDetection(null);
      setFile(chosen);
    },
    onSuccess: (result) => detected(result, 0),
    onError: (e) => {
      setFile(null);
      setError(csvErrorText(e, t));
    },
  });
  const reread = useMutation({
    mutationFn: (next: CsvReading) => detectCsv(file as File, next),
    onMutate: (next) => {
      setError(null);
      setReading(next);
    },
    onSuccess: (result, next) => detected(result, next.skip_rows),
    onError: (e) => setError(csvErrorText(e, t)),
  });
  const start = useMutation({
    mutationFn: (config: CsvImportConfig) => startCsvImport(file as File, config),
    onMutate: () => setError(null),
    onSuccess: async ({ id }) => {
      setFollowedId(id);
      setDetection(null);
      setFile(null);
      await client.invalidateQueries({ queryKey: migrationKeys.status(CSV_SERVICE) });
    },
    onError: (e) => setError(csvErrorText(e, t)),
  });
  const cancel = useMutation({
    mutationFn: () => cancelImport(CSV_SERVICE),
    onSettled: () => client.invalidateQueries({ queryKey: migrationKeys.status(CSV_SERVICE) }),
  });
  const running = isRunning(status.data) && !start.isPending;
  const followed = followedId !== null && status.data?.id === followedId;
  const ended = followed && !running ? (status.data?.state ?? 'done') : undefined;
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: queryKeys.projects });
  }, [ended, client]);
  const reset = () => {
    setFile(null);
    setDetection(null);
    setError(null);
    setFollowedId(null);
  };

  return (
    <Stack gap="md">
      <ImportHeading migrator={CSV_MIGRATOR} title={t('csvImport.title')} />

      {running && status.data && (
        <ImportProgress
          status={status.data}
          cancelling={cancel.isPending || cancel.isSuccess}
          onCancel={() => cancel.mutate()}
        />
      )}
      {ended === 'done' && (
        <ImportSucceeded onAnother={reset}>
          {status.data?.result && (
            <Text size="sm" data-testid="import-counts">
              {t('csvImport.done', { count: status.data.result.tasks })}
            </Text>
          )}
        </ImportSucceeded>
      )}
      <ImportStopped ended={ended} status={status.data} />

      {read.isPending ? (
        <Paper withBorder radius="md" p="lg" role="status" aria-live="polite">
          <Group gap="md" wrap="nowrap">
            <Loader size="sm" />
            <Text fw={600}>{t('csvImport.reading', { file: file?.name ?? '' })}</Text>
          </Group>
        </Paper>
      ) : detection && reading && file ? (
        <CsvMappingForm
          key={readCount}
          file={file}
          detection={detection}
          reading={reading}
          rereading={reread.isPending}
          starting={start.isPending}
          onReread={(next) => reread.mutate(next)}
          onStart={(config) => start.mutate(config)}
          onReset={reset}
        />
      ) : running || ended === 'done' ? null : (
        <ImportDropzone
          migrator={CSV_MIGRATOR}
          hint={t('csvImport.dropHint')}
          disabled={running}
          onFile={(chosen) => read.mutate(chosen)}
          onWrongType={() => setError(t('migration.errors.wrongType', { extension: CSV_MIGRATOR.extension }))}
        />
      )}
      {error && <UploadFailed message={error} />}
    </Stack>
  );
}
