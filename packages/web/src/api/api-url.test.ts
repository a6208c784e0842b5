import { describe, expect, it } from 'vitest';
import { absoluteApiUrl, apiDomain, apiUrlCandidates, configuredApiUrl, stripTrailingSlash } from './api-url';
import { InvalidApiUrlError, probeApiUrl } from './probe-api';
import type { ServerInfo } from './types';

const page = { origin: 'https://tasks.example.com', protocol: 'https:' };

describe('API address', () => {
  it('removes trailing slashes', () => {
    expect(stripTrailingSlash('https://a.example/api/v1/')).toBe('https://a.example/api/v1');
    expect(stripTrailingSlash('https://a.example//')).toBe('https://a.example');
  });

  it('prefers the stored address, then the global one, then /api/v1', () => {
    expect(configuredApiUrl('https://x.example/api/v1/', 'https://y.example')).toBe(
      'https://x.example/api/v1',
    );
    expect(configuredApiUrl(null, 'https://y.example/')).toBe('https://y.example');
    expect(configuredApiUrl(null, undefined)).toBe('/api/v1');
    expect(configuredApiUrl('', undefined)).toBe('/api/v1');
  });

  it('treats an explicitly empty global address as not configured', () => {
    expect(configuredApiUrl(null, '')).toBeNull();
  });

  it('makes relative paths and bare hosts absolute', () => {
    expect(absoluteApiUrl('/api/v1', page)).toBe('https://tasks.example.com/api/v1');
    expect(absoluteApiUrl('ordo.example.org', page)).toBe('https://ordo.example.org');
    expect(absoluteApiUrl('http://ordo.local:8080/api/v1/', page)).toBe('http://ordo.local:8080/api/v1');
    expect(absoluteApiUrl('  ', page)).toBeNull();
    expect(absoluteApiUrl('ftp://files.example', page)).toBeNull();
    expect(absoluteApiUrl('http://exa mple', page)).toBeNull();
  });

  it('probes the address, then /api/v1, then port 3456', () => {
    expect(apiUrlCandidates('https://ordo.example.org')).toEqual([
      'https://ordo.example.org',
      'https://ordo.example.org/api/v1',
      'https://ordo.example.org:3456/api/v1',
    ]);
    expect(apiUrlCandidates('http://ordo.local/api/v1')).toEqual([
      'http://ordo.local/api/v1',
      'http://ordo.local:3456/api/v1',
    ]);
    expect(apiUrlCandidates('http://ordo.local:3456/api/v1')).toEqual(['http://ordo.local:3456/api/v1']);
  });

  it('shows the host to users', () => {
    expect(apiDomain('https://ordo.example.org:8443/api/v1')).toBe('ordo.example.org:8443');
  });
});

describe('probeApiUrl', () => {
  const info = { version: 'v0.1.0' } as ServerInfo;

  it('adopts the first candidate that answers', async () => {
    const tried: string[] = [];
    const result = await probeApiUrl('ordo.example.org/', page, async (url) => {
      tried.push(url);
      if (url.endsWith('/api/v1')) return info;
      throw new Error('not here');
    });
    expect(result.url).toBe('https://ordo.example.org/api/v1');
    expect(tried).toEqual(['https://ordo.example.org', 'https://ordo.example.org/api/v1']);
  });

  it('gives up with an invalid-address error after the port fallback', async () => {
    const tried: string[] = [];
    await expect(
      probeApiUrl('https://down.example', page, async (url) => {
        tried.push(url);
        throw new Error('down');
      }),
    ).rejects.toBeInstanceOf(InvalidApiUrlError);
    expect(tried).toHaveLength(3);
  });

  it('rejects input that is not an address without probing', async () => {
    await expect(probeApiUrl('', page, async () => info)).rejects.toBeInstanceOf(InvalidApiUrlError);
  });
});
