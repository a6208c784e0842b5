/**
 * Picks one user or team found by a server search (spec 2 §5 "a user must be selected when
 * adding"). The server decides what matches (for users: exact username, part of a discoverable
 * name, or full e-mail), so nothing is filtered here beyond leaving out those already added.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { displayName } from '@ordo/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sharingKeys } from '../../api/sharing';
import { searchTeams, type Team, teamKeys } from '../../api/teams';
import type { User } from '../../api/types';
import { searchUsers } from '../../api/users';
import { useServerInfo } from '../../app/server-info';
import { SearchSelect } from '../../ui/search-select';

const SEARCH_DEBOUNCE_MS = 200;

interface Option {
  value: string;
  label: string;
}

function ServerSearchSelect({
  label,
  placeholder,
  value,
  onChange,
  search,
  queryKey,
  error,
}: {
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
  search: (text: string) => Promise<Option[]>;
  queryKey: (text: string) => readonly unknown[];
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<Option | null>(null);
  // The box showing the picked label after a pick is not a new search.
  const term = picked && debounced === picked.label ? '' : debounced;
  const results = useQuery({
    queryKey: queryKey(term),
    queryFn: () => search(term),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const options = term ? (results.data ?? []) : [];
  const data = picked && !options.some((o) => o.value === picked.value) ? [picked, ...options] : options;

  return (
    <SearchSelect
      label={label}
      placeholder={placeholder}
      clearable
      value={value}
      data={data}
      onSearchChange={setText}
      pending={text.trim() !== debounced || (term !== '' && results.isFetching)}
      onChange={(next) => {
        setPicked(data.find((o) => o.value === next) ?? null);
        onChange(next);
      }}
      nothingFoundMessage={t('sharing.search.nothingFound')}
      loading={results.isFetching}
      error={error}
      style={{ flex: '1 1 220px', minWidth: 0 }}
    />
  );
}

export function userOptionLabel(user: User): string {
  const name = displayName(user);
  return name === user.username ? user.username : `${name} (${user.username})`;
}

/** A user found by username, discoverable name or full e-mail; the value is the username. */
export function UserSearchSelect({
  value,
  onChange,
  exclude,
  error,
}: {
  value: string | null;
  onChange: (username: string | null) => void;
  /** Usernames that may not be picked (already members or already shared with). */
  exclude: ReadonlySet<string>;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <ServerSearchSelect
      label={t('sharing.search.user')}
      placeholder={t('sharing.search.userPlaceholder')}
      value={value}
      onChange={onChange}
      error={error}
      queryKey={(text) => [...sharingKeys.userSearch(text), [...exclude].sort().join(',')]}
      search={async (text) =>
        (await searchUsers(text))
          .filter((user) => !exclude.has(user.username))
          .map((user) => ({ value: user.username, label: userOptionLabel(user) }))
      }
    />
  );
}

/** A team found by name: the user's own teams, and public teams when the server allows them. */
export function TeamSearchSelect({
  value,
  onChange,
  exclude,
  error,
}: {
  value: string | null;
  onChange: (teamId: string | null) => void;
  exclude: ReadonlySet<number>;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const includePublic = useServerInfo()?.publicTeamsEnabled ?? false;
  return (
    <ServerSearchSelect
      label={t('sharing.search.team')}
      placeholder={t('sharing.search.teamPlaceholder')}
      value={value}
      onChange={onChange}
      error={error}
      queryKey={(text) => [...teamKeys.search(text, includePublic), [...exclude].sort().join(',')]}
      search={async (text) =>
        (await searchTeams(text, includePublic))
          .filter((team: Team) => !exclude.has(team.id))
          .map((team) => ({ value: String(team.id), label: team.name }))
      }
    />
  );
}
