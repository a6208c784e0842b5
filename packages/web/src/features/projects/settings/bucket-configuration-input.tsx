/**
 * A kanban view's buckets in the view form: manual (cards moved by hand) or by filter, where each
 * bucket is a title and a filter (`bucket_configuration` [{title, filter}]). The filters are
 * written in the usual filter editor; the server checks them, and its filter error is shown under
 * the bucket filter that holds the part it names.
 */
import { ActionIcon, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FilterInput } from '../../filters/filter-input';

export interface BucketDraft {
  title: string;
  /** The filter as the editor shows it (titles in place of ids). */
  filter: string;
}

export type BucketMode = 'manual' | 'filter';

/** The bucket whose filter holds the part a filter error names (the first, for a whole-expression error). */
export function bucketOfFilterError(buckets: BucketDraft[], part: string | null): number {
  if (part === null) return 0;
  const found = buckets.findIndex((b) => b.filter.includes(part));
  return Math.max(found, 0);
}

export function BucketConfigurationInput({
  mode,
  buckets,
  onModeChange,
  onBucketsChange,
  allowProject,
  showErrors,
  filterError,
  filterErrorPart,
}: {
  mode: BucketMode;
  buckets: BucketDraft[];
  onModeChange: (mode: BucketMode) => void;
  onBucketsChange: (buckets: BucketDraft[]) => void;
  allowProject: boolean;
  /** After a submit: missing titles are marked. */
  showErrors: boolean;
  /** A filter error of the last save that belongs to a bucket filter. */
  filterError: string | null;
  filterErrorPart: string | null;
}) {
  const { t } = useTranslation();
  const errorAt = filterError ? bucketOfFilterError(buckets, filterErrorPart) : -1;
  const change = (i: number, fields: Partial<BucketDraft>) =>
    onBucketsChange(buckets.map((b, j) => (j === i ? { ...b, ...fields } : b)));
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('projects.views.bucketMode')}
        value={mode}
        onChange={(value) => onModeChange(value as BucketMode)}
      >
        <Stack gap={6} mt={4}>
          <Radio value="manual" label={t('projects.views.bucketModeManual')} />
          <Radio value="filter" label={t('projects.views.bucketModeFilter')} />
        </Stack>
      </Radio.Group>
      {mode === 'filter' && (
        <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
          {buckets.map((bucket, i) => (
            <Group
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is their identity
              key={i}
              align="flex-start"
              wrap="wrap"
              gap="xs"
              data-testid="bucket-configuration-row"
            >
              <TextInput
                label={t('projects.views.bucketTitle')}
                value={bucket.title}
                onChange={(event) => change(i, { title: event.currentTarget.value })}
                error={showErrors && !bucket.title.trim() ? t('projects.views.titleRequired') : null}
                style={{ flex: '1 1 140px' }}
              />
              <div style={{ flex: '3 1 200px', minWidth: 0 }}>
                <FilterInput
                  label={t('projects.views.bucketFilter')}
                  placeholder="priority >= 4"
                  value={bucket.filter}
                  onChange={(filter) => change(i, { filter })}
                  allowProject={allowProject}
                  error={errorAt === i ? filterError : null}
                  errorPart={errorAt === i ? filterErrorPart : null}
                />
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={t('projects.views.removeBucket', { title: bucket.title })}
                onClick={() => onBucketsChange(buckets.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {showErrors && buckets.length === 0 && (
            <Text size="xs" c="red">
              {t('projects.views.bucketsRequired')}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onBucketsChange([...buckets, { title: '', filter: '' }])}
            >
              {t('projects.views.addBucket')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
