/**
 * The project to move tasks to: the ones the user may write to (not archived), other than the
 * one they are in. Used by task detail's move field and the bulk bar's move.
 */
import type { ComboboxProps } from '@mantine/core';
import { Right } from '@ordo/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchAllProjects } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';
import { SearchSelect } from '../../../ui/search-select';

export function ProjectTargetSelect({
  currentProjectId,
  onPick,
  disabled,
  width,
  comboboxProps,
}: {
  currentProjectId: number;
  onPick: (projectId: number) => void;
  disabled?: boolean;
  width?: number;
  comboboxProps?: ComboboxProps;
}) {
  const { t } = useTranslation();
  const projects = useQuery({ queryKey: queryKeys.projects, queryFn: fetchAllProjects });
  const targets = (projects.data ?? []).filter(
    (p) =>
      p.id > 0 && !p.isArchived && (p.maxRight ?? Right.read) >= Right.write && p.id !== currentProjectId,
  );
  return (
    <SearchSelect
      aria-label={t('tasks.move.label')}
      placeholder={t('tasks.move.placeholder')}
      data={targets.map((p) => ({ value: String(p.id), label: p.title }))}
      value={null}
      w={width}
      nothingFoundMessage={t('tasks.move.none')}
      comboboxProps={comboboxProps}
      onChange={(value) => value && onPick(Number(value))}
      disabled={disabled}
      data-task-focus="click"
    />
  );
}
