import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../../api/auth-token';
import { queryKeys } from '../../api/query-keys';
import { fetchCurrentUser } from '../../api/user';

/** The token as React state: components re-render when the session starts or ends. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}

export const currentUserQuery = {
  queryKey: queryKeys.currentUser,
  queryFn: fetchCurrentUser,
  staleTime: 60_000,
};

export function useCurrentUser() {
  const token = useToken();
  return useQuery({ ...currentUserQuery, enabled: token !== null });
}

/** For pages inside the signed-in shell, which renders them only once the user has loaded. */
export function useSignedInUser() {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser used outside the signed-in shell');
  return data;
}
