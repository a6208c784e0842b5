import { describe, expect, it } from 'vitest';
import { camelToSnake, snakeToCamel, toCamel, toCamelKeyedByData, toSnake } from './case-conversion';

describe('snake/camel conversion', () => {
  it('converts single keys', () => {
    expect(snakeToCamel('filter_id_used_on_overview')).toBe('filterIdUsedOnOverview');
    expect(camelToSnake('filterIdUsedOnOverview')).toBe('filter_id_used_on_overview');
    expect(snakeToCamel('id')).toBe('id');
  });

  it('converts nested objects and arrays but leaves values alone', () => {
    const wire = {
      auth: { local: { registration_enabled: true } },
      settings: { frontend_settings: { color_schema: 'dark', play_sound_when_done: false } },
      providers: [{ auth_url: 'https://id.example/auth?x_y=1' }],
      motd: 'hello_world',
      nothing: null,
    };
    const app = toCamel<Record<string, unknown>>(wire);
    expect(app).toEqual({
      auth: { local: { registrationEnabled: true } },
      settings: { frontendSettings: { colorSchema: 'dark', playSoundWhenDone: false } },
      providers: [{ authUrl: 'https://id.example/auth?x_y=1' }],
      motd: 'hello_world',
      nothing: null,
    });
    expect(toSnake(app)).toEqual(wire);
  });

  it('keeps the groups of API token permissions, which are names from GET /routes', () => {
    const wire = { id: 1, expires_at: 'x', permissions: { tasks_assignees: ['read_all', 'update_bulk'] } };
    const app = toCamel<Record<string, unknown>>(wire);
    expect(app).toEqual({
      id: 1,
      expiresAt: 'x',
      permissions: { tasks_assignees: ['read_all', 'update_bulk'] },
    });
    expect(toSnake(app)).toEqual(wire);
  });

  it('passes plain arrays of strings through', () => {
    expect(toCamel(['Europe/Berlin', 'UTC'])).toEqual(['Europe/Berlin', 'UTC']);
  });

  it('keeps the keys of reactions, which are the reactions themselves', () => {
    const wire = {
      id: 1,
      reactions: { thumbs_up: [{ id: 2, created: 'x', display_name: 'Ann' }], '👍': [] },
      comments: [{ id: 3, reactions: { party_popper: [{ id: 4, avatar_provider: 'initials' }] } }],
    };
    const app = toCamel<Record<string, unknown>>(wire);
    expect(app).toEqual({
      id: 1,
      reactions: { thumbs_up: [{ id: 2, created: 'x', displayName: 'Ann' }], '👍': [] },
      comments: [{ id: 3, reactions: { party_popper: [{ id: 4, avatarProvider: 'initials' }] } }],
    });
    expect(toSnake(app)).toEqual(wire);
  });

  it('keeps the keys of an answer that is itself a reaction map', () => {
    const wire = { thumbs_up: [{ id: 2, display_name: 'Ann' }], party_popper: [], '👍': [{ id: 3 }] };
    expect(toCamelKeyedByData(wire)).toEqual({
      thumbs_up: [{ id: 2, displayName: 'Ann' }],
      party_popper: [],
      '👍': [{ id: 3 }],
    });
    expect(toCamelKeyedByData(null)).toBeNull();
  });
});
