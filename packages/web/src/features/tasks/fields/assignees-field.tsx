/** Assignees (spec 2 §3, §7): avatars with names and a search over the project's users. */

import { Stack } from '@mantine/core';
import { displayName } from '@ordo/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addAssignee, removeAssignee } from '../../../api/task-assignees';
import { taskKeys } from '../../../api/tasks';
import { searchProjectUsers } from '../../../api/users';
import { UserAvatar } from '../../users/user-avatar';
import { SearchPicker, usePickerSearch } from '../search-picker';
import type { TaskEditor } from '../use-task-editor';
import { RemovableRow } from './removable-row';

export function AssigneesField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const { search, setSearch, debounced, typing } = usePickerSearch();
  const assignees = editor.task.assignees ?? [];
  const users = useQuery({
    queryKey: taskKeys.projectUsers(editor.task.projectId, debounced),
    queryFn: () => searchProjectUsers(editor.task.projectId, debounced),
    enabled: editor.canWrite,
    // The last matches stay while the next search loads: a list that emptied between keystrokes
    // flashed "Nobody found", and an option clicked just then was gone before the click ended.
    placeholderData: keepPreviousData,
  });
  const assigned = new Set(assignees.map((u) => u.id));
  const options = (users.data ?? [])
    .filter((u) => !assigned.has(u.id))
    .map((u) => ({ value: String(u.id), label: displayName(u) }));

  return (
    <Stack gap={6} data-removable-list>
      {assignees.map((user) => (
        <RemovableRow
          key={user.id}
          mark={<UserAvatar user={user} size={24} />}
          removeLabel={t('tasks.assignees.remove', { name: displayName(user) })}
          onRemove={
            editor.canWrite
              ? () =>
                  void editor.run(() => removeAssignee(editor.task.id, user.id), t('tasks.assignees.removed'))
              : undefined
          }
        >
          {displayName(user)}
        </RemovableRow>
      ))}
      {editor.canWrite && (
        <SearchPicker
          label={t('tasks.assignees.search')}
          search={search}
          onSearchChange={setSearch}
          options={options}
          onPick={(value) =>
            void editor.run(() => addAssignee(editor.task.id, Number(value)), t('tasks.assignees.added'))
          }
          nothingFound={t('tasks.assignees.nobody')}
          loading={users.isFetching}
          pending={typing || users.isPlaceholderData}
        />
      )}
    </Stack>
  );
}
