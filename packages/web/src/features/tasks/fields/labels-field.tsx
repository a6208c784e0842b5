/**
 * Labels on a task (spec 2 §3, §7): the attached labels with a remove button, and a search that
 * adds an existing label or creates a new one (with a random palette colour, spec 2 §5). Offline
 * the search runs over the labels the app has loaded, and a label put on or taken off waits in
 * the outbox; a new label needs the server.
 */
import { Group, Stack } from '@mantine/core';
import { randomLabelColor } from '@ordo/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createLabel, fetchLabelPage, type Label, labelKeys } from '../../../api/labels';
import { addTaskLabel, removeTaskLabel } from '../../../api/task-labels';
import { cachedLabels } from '../../../app/offline/cached-labels';
import { useOnline } from '../../../app/offline/use-online';
import { LabelBadge } from '../../labels/label-badge';
import { SearchPicker, usePickerSearch } from '../search-picker';
import type { TaskEditor } from '../use-task-editor';

const CREATE = '__create__';

export function LabelsField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { search, setSearch, debounced, typing } = usePickerSearch();
  const labels = editor.task.labels ?? [];
  const online = useOnline();
  const found = useQuery({
    queryKey: labelKeys.search(debounced),
    queryFn: () => fetchLabelPage(1, debounced, 20),
    enabled: editor.canWrite,
    // While the search for new text is on its way, the last answer stays (narrowed below).
    placeholderData: keepPreviousData,
  });
  const knownHere = useMemo(
    () => (online ? [] : searchLabels(cachedLabels(queryClient), debounced)),
    [online, queryClient, debounced],
  );
  const typed = search.trim();
  // The answer for the text typed a moment ago, narrowed to what is typed now (the server's rule:
  // the title holds the text): a quick ↓ and Enter picks a label that matches, never one that
  // does not, and a matching label is not left out for "Create" while the search is slow.
  const candidates = (online ? (found.data?.labels ?? []) : knownHere).filter((l) => titleHolds(l, typed));
  const attached = new Set(labels.map((l) => l.id));
  const options = candidates
    .filter((l) => !attached.has(l.id))
    .map((l) => ({ value: String(l.id), label: l.title }));
  const exact = candidates.some((l) => l.title.toLowerCase() === typed.toLowerCase());
  // Offline too: the new label waits in the outbox with the task's (app/offline/offline-labels.ts).
  if (typed && !exact) options.push({ value: CREATE, label: t('tasks.labels.create', { title: typed }) });
  // A label of the last answer that holds the text is picked at once; "Create" alone waits for
  // the answer for the text typed, which may hold the label already.
  const searching = online && (typing || found.isPlaceholderData);

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
    <Stack gap={6} data-removable-list>
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
          nothingFound={typed ? t('tasks.labels.noneFound') : t('tasks.labels.typeToSearch')}
          loading={online && found.isFetching}
          pending={searching && options.every((o) => o.value === CREATE)}
        />
      )}
    </Stack>
  );
}

/** Whether the label's title holds the text, in any case (every title holds no text). */
function titleHolds(label: Label, text: string): boolean {
  return label.title.toLowerCase().includes(text.toLowerCase());
}

/** The labels whose title holds the text (all of them for no text), by title, at most 20. */
function searchLabels(labels: readonly Label[], text: string): Label[] {
  return labels
    .filter((label) => titleHolds(label, text))
    .sort((a, b) => a.title.localeCompare(b.title))
    .slice(0, 20);
}
