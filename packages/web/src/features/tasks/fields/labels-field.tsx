/**
 * Labels on a task (spec 2 §3, §7): the attached labels with a remove button, and a search that
 * adds an existing label or creates a new one (with a random palette colour, spec 2 §5). Offline
 * the search runs over the labels the app has loaded, and a label put on or taken off waits in
 * the outbox; a new label needs the server.
 */
import { Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { randomLabelColor } from '@ordo/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createLabel, fetchLabelPage, type Label, labelKeys } from '../../../api/labels';
import { addTaskLabel, removeTaskLabel } from '../../../api/task-labels';
import { cachedLabels } from '../../../app/offline/cached-labels';
import { useOnline } from '../../../app/offline/use-online';
import { LabelBadge } from '../../labels/label-badge';
import { SearchPicker } from '../search-picker';
import type { TaskEditor } from '../use-task-editor';

const CREATE = '__create__';

export function LabelsField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 150);
  const labels = editor.task.labels ?? [];
  const online = useOnline();
  const found = useQuery({
    queryKey: labelKeys.search(debounced),
    queryFn: () => fetchLabelPage(1, debounced, 20),
    enabled: editor.canWrite,
  });
  const knownHere = useMemo(
    () => (online ? [] : searchLabels(cachedLabels(queryClient), debounced)),
    [online, queryClient, debounced],
  );
  const candidates = online ? (found.data?.labels ?? []) : knownHere;
  const attached = new Set(labels.map((l) => l.id));
  const options = candidates
    .filter((l) => !attached.has(l.id))
    .map((l) => ({ value: String(l.id), label: l.title }));
  const exact = candidates.some((l) => l.title.toLowerCase() === debounced.toLowerCase());
  // Offline too: the new label waits in the outbox with the task's (app/offline/offline-labels.ts).
  if (debounced && !exact)
    options.push({ value: CREATE, label: t('tasks.labels.create', { title: debounced }) });

  async function pick(value: string) {
    const title = search.trim();
    if (value === CREATE) {
      await editor.run(async () => {
        const label = await createLabel({ title, description: '', hexColor: randomLabelColor() });
        await addTaskLabel(editor.task.id, label.id);
      }, t('tasks.labels.createdAndAdded'));
      await queryClient.invalidateQueries({ queryKey: labelKeys.all });
      return;
    }
    await editor.run(() => addTaskLabel(editor.task.id, Number(value)), t('tasks.labels.added'));
  }

  return (
    <Stack gap={6}>
      {labels.length > 0 && (
        <Group gap={6}>
          {labels.map((label) => (
            <LabelBadge
              key={label.id}
              label={label}
              removeLabel={t('tasks.labels.remove', { title: label.title })}
              onRemove={
                editor.canWrite
                  ? () =>
                      void editor.run(
                        () => removeTaskLabel(editor.task.id, label.id),
                        t('tasks.labels.removed'),
                      )
                  : undefined
              }
            />
          ))}
        </Group>
      )}
      {editor.canWrite && (
        <SearchPicker
          label={t('tasks.labels.search')}
          search={search}
          onSearchChange={setSearch}
          options={options}
          onPick={(value) => void pick(value)}
          nothingFound={debounced ? t('tasks.labels.noneFound') : t('tasks.labels.typeToSearch')}
          loading={online && found.isFetching}
        />
      )}
    </Stack>
  );
}

/** The labels whose title holds the text (all of them for no text), by title, at most 20. */
function searchLabels(labels: readonly Label[], text: string): Label[] {
  const wanted = text.toLowerCase();
  return labels
    .filter((label) => label.title.toLowerCase().includes(wanted))
    .sort((a, b) => a.title.localeCompare(b.title))
    .slice(0, 20);
}
