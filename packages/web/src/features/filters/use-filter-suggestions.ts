/**
 * The entries the filter editor offers for a suggestion context: fields, operators, labels and
 * projects by title (from the caches), users from the user search (debounced 150 ms).
 */

import { useDebouncedValue } from '@mantine/hooks';
import { filterEditorFields } from '@ordo/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchUsers } from '../../api/users';
import { filterFieldName } from '../custom-fields/field-values';
import {
  type FilterCustomField,
  filterValueText,
  operatorsFor,
  type SuggestionContext,
} from './filter-autocomplete';
import { useFilterConversion } from './filter-lookups';

export interface Suggestion {
  key: string;
  label: string;
  insert: string;
  hint?: string;
}

const MAX_SUGGESTIONS = 8;

function matches(title: string, search: string): boolean {
  return title.toLowerCase().includes(search.toLowerCase());
}

export function useFilterSuggestions(
  context: SuggestionContext | null,
  options: { allowProject: boolean; customFields?: readonly FilterCustomField[] },
): Suggestion[] {
  const { t } = useTranslation();
  const { labels, projects } = useFilterConversion();
  const userSearch = context?.kind === 'value' && context.field === 'assignees' ? context.search : '';
  const [debounced] = useDebouncedValue(userSearch, 150);
  const users = useQuery({
    queryKey: ['users', 'search', debounced],
    queryFn: () => searchUsers(debounced),
    enabled: debounced.length > 0,
    staleTime: 30_000,
  });

  if (!context) return [];
  if (context.kind === 'field') {
    const typedTitle = context.prefix.replace(/^"/, '').toLowerCase();
    const custom = (options.customFields ?? [])
      .filter(
        (f) => f.title.toLowerCase().startsWith(typedTitle) && filterFieldName(f.title) !== context.prefix,
      )
      .slice(0, MAX_SUGGESTIONS)
      .map((f) => ({
        key: `custom-${f.title}`,
        label: f.title,
        insert: filterFieldName(f.title),
        hint: t('customFields.suggestionHint'),
      }));
    return filterEditorFields
      .filter(
        (f) =>
          (options.allowProject || f !== 'project') &&
          f.toLowerCase().startsWith(context.prefix.toLowerCase()),
      )
      .filter((f) => f !== context.prefix)
      .map((f): Suggestion => ({ key: f, label: f, insert: f }))
      .concat(custom);
  }
  if (context.kind === 'operator') {
    return operatorsFor(context.field, context.customKind)
      .filter((op) => op.startsWith(context.prefix) && op !== context.prefix)
      .map((op) => ({ key: op, label: op, insert: op }));
  }
  // An entry that is exactly what was typed offers nothing, and Enter should apply instead.
  const typed = (title: string) => title === context.search;
  if (context.field === 'labels') {
    return labels
      .filter((l) => matches(l.title, context.search) && !typed(l.title))
      .slice(0, MAX_SUGGESTIONS)
      .map((l) => ({ key: `label-${l.id}`, label: l.title, insert: filterValueText(l.title) }));
  }
  if (context.field === 'project') {
    return projects
      .filter((p) => !p.isArchived && matches(p.title, context.search) && !typed(p.title))
      .slice(0, MAX_SUGGESTIONS)
      .map((p) => ({ key: `project-${p.id}`, label: p.title, insert: filterValueText(p.title) }));
  }
  if (!context.search) return [];
  return (users.data ?? [])
    .filter((u) => !typed(u.username))
    .slice(0, MAX_SUGGESTIONS)
    .map((u) => ({
      key: `user-${u.id}`,
      label: u.username,
      insert: filterValueText(u.username),
      hint: u.name && u.name !== u.username ? u.name : undefined,
    }));
}
