/**
 * The palette's result groups for what is typed (spec 2 §2, §4, §7): commands, projects, tasks,
 * labels and teams, empty groups left out. Server searches wait 150 ms after the last key.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../api/labels';
import { searchLabels } from '../../api/labels';
import type { Project } from '../../api/projects';
import type { Task } from '../../api/tasks';
import { searchFilteredTasks } from '../../api/tasks';
import { searchTeams, type Team } from '../../api/teams';
import { readProjectHistory } from '../projects/recent-projects';
import { useProjects } from '../projects/use-projects';
import { findProjectByName } from '../quick-add/project-lookup';
import { useQuickAddSettings } from '../quick-add/use-quick-add-settings';
import {
  groupsInScope,
  labelSearchTerm,
  matchingCommands,
  matchingProjects,
  readPaletteQuery,
  searchScope,
  taskSearchFilter,
} from './palette-search';

export const PALETTE_SEARCH_DEBOUNCE_MS = 150;

export type CommandKind = 'newTask' | 'newProject' | 'newTeam';

export interface PaletteCommand {
  kind: CommandKind;
  title: string;
  placeholder: string;
}

export type PaletteItem =
  | { type: 'command'; id: string; command: PaletteCommand }
  | { type: 'project'; id: string; project: Project }
  | { type: 'task'; id: string; task: Task }
  | { type: 'label'; id: string; label: Label }
  | { type: 'team'; id: string; team: Team };

export type GroupKind = 'commands' | 'projects' | 'tasks' | 'labels' | 'teams';

export interface PaletteGroup {
  kind: GroupKind;
  items: PaletteItem[];
}

export function usePaletteCommands(): PaletteCommand[] {
  const { t } = useTranslation();
  return (['newTask', 'newProject', 'newTeam'] as const).map((kind) => ({
    kind,
    title: t(`palette.commands.${kind}`),
    placeholder: t(`palette.placeholders.${kind}`),
  }));
}

/** Label ids for the titles written, by exact title ignoring case; unknown titles are skipped. */
async function labelIdsFor(titles: readonly string[], signal: AbortSignal): Promise<number[]> {
  const found = await Promise.all(
    titles.map(async (title) =>
      (await searchLabels(title, signal)).find((l) => l.title.toLowerCase() === title.toLowerCase()),
    ),
  );
  return found.filter((l) => l !== undefined).map((l) => l.id);
}

export function usePaletteResults(query: string, commandActive: boolean): PaletteGroup[] {
  const { mode } = useQuickAddSettings();
  const projects = useProjects().data ?? [];
  const commands = usePaletteCommands();
  const [debounced] = useDebouncedValue(query, PALETTE_SEARCH_DEBOUNCE_MS);

  const now = new Date();
  const read = readPaletteQuery(query, mode, now);
  const remote = readPaletteQuery(debounced, mode, now);
  const inScope = groupsInScope(searchScope(debounced, remote));
  const searching = !commandActive && debounced.trim() !== '';

  const projectFilter =
    remote.project === null ? null : (findProjectByName(projects, remote.project)?.id ?? null);
  const tasks = useQuery({
    queryKey: ['palette', 'tasks', remote.text, projectFilter, remote.labels],
    queryFn: async ({ signal }) =>
      searchFilteredTasks(
        remote.text,
        taskSearchFilter(projectFilter, await labelIdsFor(remote.labels, signal)),
        signal,
      ),
    enabled: searching && inScope.tasks,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  const labelTerm = labelSearchTerm(remote);
  const labels = useQuery({
    queryKey: ['palette', 'labels', labelTerm],
    queryFn: ({ signal }) => searchLabels(labelTerm ?? '', signal),
    enabled: searching && inScope.labels && labelTerm !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  const teams = useQuery({
    queryKey: ['palette', 'teams', remote.assignees],
    queryFn: async ({ signal }) => {
      const found = (
        await Promise.all(remote.assignees.map((name) => searchTeams(name, false, signal)))
      ).flat();
      return [...new Map(found.map((team) => [team.id, team])).values()];
    },
    enabled: searching && inScope.teams && remote.assignees.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  if (commandActive) return [];
  // Remote groups follow the text at once when it is cleared, not 150 ms later.
  const typed = query.trim() !== '';
  const scope = groupsInScope(searchScope(query, read));
  const groups: PaletteGroup[] = [
    {
      kind: 'commands',
      items: matchingCommands(commands, query.trim()).map((command) => ({
        type: 'command',
        id: `command-${command.kind}`,
        command,
      })),
    },
    {
      kind: 'projects',
      items: scope.projects
        ? matchingProjects(projects, read, readProjectHistory()).map((project) => ({
            type: 'project',
            id: `project-${project.id}`,
            project,
          }))
        : [],
    },
    {
      kind: 'tasks',
      items:
        typed && searching && scope.tasks && tasks.data
          ? tasks.data.map((task) => ({ type: 'task', id: `task-${task.id}`, task }))
          : [],
    },
    {
      kind: 'labels',
      items:
        typed && searching && scope.labels && labels.data && labelSearchTerm(read) !== null
          ? labels.data.map((label) => ({ type: 'label', id: `label-${label.id}`, label }))
          : [],
    },
    {
      kind: 'teams',
      items:
        typed && searching && scope.teams && teams.data && read.assignees.length > 0
          ? teams.data.map((team) => ({ type: 'team', id: `team-${team.id}`, team }))
          : [],
    },
  ];
  return groups.filter((g) => g.items.length > 0);
}
