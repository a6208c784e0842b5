/** The server's configuration (`GET /info`), loaded once at start by probing the API address. */
import { useQuery } from '@tanstack/react-query';
import { API_URL_STORAGE_KEY, adoptApiUrl, configuredApiUrl } from '../api/api-url';
import { fetchInfo } from '../api/info';
import { probeApiUrl } from '../api/probe-api';
import { queryKeys } from '../api/query-keys';
import type { ServerInfo } from '../api/types';

export class NoApiUrlError extends Error {}

export async function loadServerInfo(): Promise<ServerInfo> {
  const configured = configuredApiUrl(localStorage.getItem(API_URL_STORAGE_KEY), window.API_URL);
  if (configured === null) throw new NoApiUrlError('No API URL configured');
  const found = await probeApiUrl(configured, window.location, (url) => fetchInfo(url));
  adoptApiUrl(found.url);
  return found.info;
}

export const serverInfoQuery = {
  queryKey: queryKeys.info,
  queryFn: loadServerInfo,
  retry: false,
  staleTime: Infinity,
};

/** Available everywhere below the readiness gate, which only lets the app start once it loaded. */
export function useServerInfo(): ServerInfo | undefined {
  return useQuery(serverInfoQuery).data;
}
