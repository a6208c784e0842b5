/**
 * The bulk bar's labels and assignees buttons: a popover that adds a picked label (or person) to
 * every selected task, or takes it off them. People are those who can see the project.
 */
import { Button, Popover, SegmentedControl, Stack } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconTag, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLabelPage, labelKeys } from '../../../api/labels';
import { type BulkPartChange, taskKeys } from '../../../api/tasks';
import { searchProjectUsers } from '../../../api/users';
import { SearchPicker, usePickerSearch } from '../../tasks/search-picker';

type Kind = 'labels' | 'assignees';

function useOptions(kind: Kind, projectId: number, search: string, enabled: boolean) {
  const labels = useQuery({
    queryKey: labelKeys.search(search),
    queryFn: () => fetchLabelPage(1, search, 20),
    enabled: enabled && kind === 'labels',
    // The last matches stay while the next search loads, so the list does not empty between
    // keystrokes; Enter on them waits for the answer (`pending`).
    placeholderData: keepPreviousData,
  });
  const users = useQuery({
    queryKey: taskKeys.projectUsers(projectId, search),
    queryFn: () => searchProjectUsers(projectId, search),
    enabled: enabled && kind === 'assignees',
    placeholderData: keepPreviousData,
  });
  if (kind === 'labels')
    return {
      loading: labels.isFetching,
      pending: labels.isLoading || labels.isPlaceholderData,
      options: (labels.data?.labels ?? []).map((l) => ({ value: String(l.id), label: l.title })),
    };
  return {
    loading: users.isFetching,
    pending: users.isLoading || users.isPlaceholderData,
    options: (users.data ?? []).map((u) => ({ value: String(u.id), label: displayName(u) })),
  };
}

function changeOf(kind: Kind, adding: boolean, id: number): BulkPartChange {
  if (kind === 'labels') return adding ? { addLabelIds: [id] } : { removeLabelIds: [id] };
  return adding ? { addAssigneeIds: [id] } : { removeAssigneeIds: [id] };
}

export function BulkPartsPicker({
  kind,
  projectId,
  disabled,
  onChange,
}: {
  kind: Kind;
  projectId: number;
  disabled: boolean;
  onChange: (change: BulkPartChange) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const { search, setSearch, debounced, typing } = usePickerSearch();
  const { options, loading, pending } = useOptions(kind, projectId, debounced, opened);
  const Icon = kind === 'labels' ? IconTag : IconUsers;

  return (
    <Popover opened={opened} onChange={setOpened} position="top" withinPortal trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={disabled}
          leftSection={<Icon size={15} />}
          onClick={() => setOpened((o) => !o)}
        >
          {t(`projectViews.bulk.${kind}`)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <SegmentedControl
            size="xs"
            fullWidth
            value={mode}
            onChange={(value) => setMode(value as 'add' | 'remove')}
            data={[
              { value: 'add', label: t('projectViews.bulk.add') },
              { value: 'remove', label: t('projectViews.bulk.remove') },
            ]}
          />
          <SearchPicker
            label={t(kind === 'labels' ? 'projectViews.bulk.findLabel' : 'projectViews.bulk.findPerson')}
            search={search}
            onSearchChange={setSearch}
            options={options}
            loading={loading}
            pending={typing || pending}
            withinPortal={false}
            nothingFound={t('projectViews.bulk.nothingFound')}
            onPick={(value) => {
              setOpened(false);
              onChange(changeOf(kind, mode === 'add', Number(value)));
            }}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
