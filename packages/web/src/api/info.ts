import { apiRequest } from './client';
import type { ServerInfo } from './types';

export function fetchInfo(baseUrl?: string, signal?: AbortSignal): Promise<ServerInfo> {
  return apiRequest<ServerInfo>('GET', '/info', { baseUrl, signal });
}
