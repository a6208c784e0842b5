/**
 * The filter editor shows label and project titles and camelCase fields; the API and the URL
 * hold ids and snake_case (behaviour.md §4.3, §4.4). This hook loads every label the user can see
 * (the projects are cached already) and converts both ways.
 */
import { filterIdsToTitles, filterTitlesToIds } from '@ordo/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Label } from '../../api/labels';
import { fetchLabelPage, labelKeys } from '../../api/labels';
import type { Project } from '../../api/projects';
import { projectsQuery, useProjects } from '../projects/use-projects';

/** Every label, page by page; under `labels` so label edits refresh it. */
export const allLabelsKey = [...labelKeys.all, 'every'] as const;

async function fetchAllLabels(): Promise<Label[]> {
  const all: Label[] = [];
  for (let page = 1; ; page++) {
    const { labels, totalPages } = await fetchLabelPage(page, '', 250);
    all.push(...labels);
    if (page >= totalPages || labels.length === 0) return all;
  }
}

const allLabelsQuery = queryOptions({ queryKey: allLabelsKey, queryFn: fetchAllLabels, staleTime: 60_000 });

export function useAllLabels() {
  return useQuery(allLabelsQuery);
}

/** Real projects (not saved filters or favourites) that a `project` clause can name. */
export function filterableProjects(projects: readonly Project[]): Project[] {
  return projects.filter((p) => p.id > 0);
}

function byTitle<T extends { id: number; title: string }>(
  items: readonly T[],
  title: string,
): number | undefined {
  const wanted = title.toLowerCase();
  return items.find((item) => item.title.toLowerCase() === wanted)?.id;
}

export function useFilterConversion() {
  const labels = useAllLabels();
  const projectQuery = useProjects();
  const labelList = labels.data;
  const projects = useMemo(() => filterableProjects(projectQuery.data ?? []), [projectQuery.data]);

  const queryClient = useQueryClient();
  /**
   * The API's text of an editor's filter, once the labels and projects are here: converted before
   * they had loaded (a filter typed right after the page opened), a label's title went out as it
   * was, which names no label.
   */
  const toApi = useCallback(
    async (text: string) => {
      // Unreachable lists convert what is here; the server then names what it cannot read.
      const [loadedLabels, loadedProjects] = await Promise.all([
        queryClient.ensureQueryData(allLabelsQuery).catch(() => labelList ?? []),
        queryClient.ensureQueryData(projectsQuery).catch(() => projectQuery.data ?? []),
      ]);
      const filterable = filterableProjects(loadedProjects);
      return filterTitlesToIds(text, {
        labelIdByTitle: (title) => byTitle(loadedLabels, title),
        projectIdByTitle: (title) => byTitle(filterable, title),
      });
    },
    [queryClient, labelList, projectQuery.data],
  );
  const toEditor = useCallback(
    (text: string) =>
      filterIdsToTitles(text, {
        labelTitleById: (id) => labelList?.find((l) => l.id === id)?.title,
        projectTitleById: (id) => projects.find((p) => p.id === id)?.title,
      }),
    [labelList, projects],
  );
  return {
    ready: labels.isSuccess && projectQuery.isSuccess,
    labels: labelList ?? [],
    projects,
    toApi,
    toEditor,
  };
}
