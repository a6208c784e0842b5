/**
 * Finds a working API for an address (spec 1 §7 GET info): the address itself, then with
 * `/api/v1`, then on port 3456. The first that answers `GET /info` wins.
 */
import { absoluteApiUrl, apiUrlCandidates } from './api-url';
import type { ServerInfo } from './types';

export class InvalidApiUrlError extends Error {
  constructor(readonly input: string) {
    super('The provided API URL is invalid.');
    this.name = 'InvalidApiUrlError';
  }
}

export async function probeApiUrl(
  input: string,
  page: { origin: string; protocol: string },
  fetchInfo: (baseUrl: string) => Promise<ServerInfo>,
): Promise<{ url: string; info: ServerInfo }> {
  const absolute = absoluteApiUrl(input, page);
  if (!absolute) throw new InvalidApiUrlError(input);
  for (const candidate of apiUrlCandidates(absolute)) {
    try {
      const info = await fetchInfo(candidate);
      if (info && typeof info.version === 'string') return { url: candidate, info };
    } catch {
      // Try the next candidate; only the last failure matters to the user.
    }
  }
  throw new InvalidApiUrlError(input);
}
