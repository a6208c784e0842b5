import { describe, expect, it } from 'vitest';
import { caldavUrl } from './caldav-url';

describe('caldavUrl', () => {
  it('is the principal under /dav beside the API', () => {
    expect(caldavUrl('https://tasks.example.com/api/v1', 'ada')).toBe(
      'https://tasks.example.com/dav/principals/ada/',
    );
    expect(caldavUrl('http://127.0.0.1:3456/api/v1/', 'ada')).toBe(
      'http://127.0.0.1:3456/dav/principals/ada/',
    );
  });

  it('keeps a path the server lives under and escapes the username', () => {
    expect(caldavUrl('https://example.com/ordo/api/v1', 'a b')).toBe(
      'https://example.com/ordo/dav/principals/a%20b/',
    );
  });
});
