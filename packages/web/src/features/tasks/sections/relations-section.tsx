/**
 * Related tasks (spec 2 §3, §5): grouped by kind, each a link that opens that task over the same
 * backdrop; add one by searching a task (or typing a new title, which creates it in this
 * project) and choosing any of the eleven kinds.
 */
import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { addRelation, type RelationKind, relationKinds, removeRelation } from '../../../api/task-relations';
import { createTask, searchTasks, taskKeys } from '../../../api/tasks';
import { cachedTasksTitled } from '../../../app/offline/cached-tasks';
import { useOnline } from '../../../app/offline/use-online';
import { taskLinkState } from '../open-task';
import { type PickerOption, SearchPicker, usePickerSearch } from '../search-picker';
import type { TaskEditor } from '../use-task-editor';

const NEW = '__new__';

export function RelationsSection({ editor, autoFocusKey }: { editor: TaskEditor; autoFocusKey?: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { search, setSearch, debounced, typing } = usePickerSearch();
  const [picked, setPicked] = useState<{ id: number | null; title: string } | null>(null);
  const [kind, setKind] = useState<RelationKind>('related');
  const task = editor.task;
  const related = task.relatedTasks ?? {};
  const online = useOnline();
  const queryClient = useQueryClient();
  const found = useQuery({
    queryKey: taskKeys.search(debounced),
    queryFn: () => searchTasks(debounced),
    enabled: editor.canWrite && debounced.length > 0 && online,
  });
  // Offline the tasks the app has loaded are searched; the relation then waits in the outbox.
  const knownHere = useMemo(
    () => (online || !debounced ? [] : cachedTasksTitled(queryClient, debounced)),
    [online, queryClient, debounced],
  );
  const candidates = online ? (found.data ?? []) : knownHere;
  const options: PickerOption[] = candidates
    .filter((other) => other.id !== task.id)
    .map((other) => ({
      value: String(other.id),
      label: other.title,
      content: (
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {other.identifier}
          </Text>
          <Text size="sm" td={other.done ? 'line-through' : undefined}>
            {other.title}
          </Text>
        </Group>
      ),
    }));
  const exact = candidates.some((other) => other.title.toLowerCase() === debounced.toLowerCase());
  if (debounced && !exact)
    options.push({ value: NEW, label: t('tasks.relations.createNew', { title: debounced }) });

  async function add() {
    if (!picked) return;
    const target = picked;
    await editor.run(async () => {
      let otherId = target.id;
      if (otherId === null) otherId = (await createTask(task.projectId, { title: target.title })).id;
      await addRelation(task.id, otherId, kind);
    }, t('tasks.relations.added'));
    setPicked(null);
  }

  const groups = relationKinds.filter((k) => (related[k] ?? []).length > 0);
  return (
    <Stack gap="sm">
      {groups.map((k) => (
        <Stack key={k} gap={4} data-testid={`relation-${k}`}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t(`tasks.relations.kinds.${k}`)}
          </Text>
          {(related[k] ?? []).map((other) => (
            <Group key={other.id} gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {other.identifier}
              </Text>
              <Anchor
                component={Link}
                to={`/tasks/${other.id}`}
                state={taskLinkState(location)}
                size="sm"
                td={other.done ? 'line-through' : undefined}
                style={{ flex: 1 }}
              >
                {other.title}
              </Anchor>
              {other.done && (
                <Badge size="xs" color="green" variant="light">
                  {t('tasks.done.badge')}
                </Badge>
              )}
              {editor.canWrite && (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={t('tasks.relations.remove', { title: other.title })}
                  onClick={() =>
                    void editor.run(() => removeRelation(task.id, k, other.id), t('tasks.relations.removed'))
                  }
                >
                  <IconX size={14} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      ))}
      {groups.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('tasks.relations.none')}
        </Text>
      )}
      {editor.canWrite && (
        <Group gap="xs" align="flex-end" wrap="wrap" key={autoFocusKey}>
          <div style={{ flex: '1 1 220px' }}>
            {picked ? (
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600} style={{ flex: 1 }}>
                  {picked.id === null ? t('tasks.relations.newTask', { title: picked.title }) : picked.title}
                </Text>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={t('common.cancel')}
                  onClick={() => setPicked(null)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ) : (
              <SearchPicker
                label={t('tasks.relations.search')}
                search={search}
                onSearchChange={setSearch}
                options={options}
                loading={found.isFetching}
                // Until the answer comes, the list holds only "Create", even beside a match.
                pending={typing || (online && found.isLoading)}
                nothingFound={debounced ? undefined : t('tasks.relations.typeToSearch')}
                onPick={(value) => {
                  const title = search.trim();
                  if (value === NEW) setPicked({ id: null, title });
                  else
                    setPicked({
                      id: Number(value),
                      title: options.find((o) => o.value === value)?.label ?? '',
                    });
                }}
              />
            )}
          </div>
          <Select
            aria-label={t('tasks.relations.kind')}
            data={relationKinds.map((k) => ({ value: k, label: t(`tasks.relations.kinds.${k}`) }))}
            value={kind}
            onChange={(value) => value && setKind(value as RelationKind)}
            allowDeselect={false}
            w={180}
          />
          <Button onClick={() => void add()} disabled={!picked}>
            {t('tasks.relations.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
