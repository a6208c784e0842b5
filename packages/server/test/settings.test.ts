import { interfaceLanguages } from '@ordo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const defaults = {
  name: '',
  email_reminders_enabled: true,
  discoverable_by_name: false,
  discoverable_by_email: false,
  overdue_tasks_reminders_enabled: true,
  overdue_tasks_reminders_time: '09:00',
  default_project_id: 0,
  week_start: 0,
  language: '',
  timezone: '',
  frontend_settings: {
    play_sound_when_done: true,
    quick_add_magic_mode: 'vikunja',
    color_schema: 'auto',
    allow_icon_changes: true,
    default_view: 'first',
    minimum_priority: 2,
    filter_id_used_on_overview: null,
  },
  extra_settings_links: null,
};

const everything = {
  name: 'Ada Lovelace',
  email_reminders_enabled: false,
  discoverable_by_name: true,
  discoverable_by_email: true,
  overdue_tasks_reminders_enabled: false,
  overdue_tasks_reminders_time: '18:30',
  default_project_id: 0,
  week_start: 1,
  language: 'de-DE',
  timezone: 'Europe/Berlin',
  frontend_settings: {
    play_sound_when_done: false,
    quick_add_magic_mode: 'todoist',
    color_schema: 'dark',
    allow_icon_changes: false,
    default_view: 'kanban',
    minimum_priority: 4,
    filter_id_used_on_overview: 7,
    some_future_flag: { nested: [1, 2] },
  },
};

async function settingsOf(token: string) {
  const user = (await t.request('GET', '/api/v1/user', { token })).json();
  const general = (await t.request('GET', '/api/v1/user/settings/general', { token })).json();
  expect(general).toEqual(user.settings);
  return user.settings;
}

async function save(token: string, body: unknown) {
  return t.request('POST', '/api/v1/user/settings/general', { token, body });
}

describe('user settings', () => {
  it('starts a new user on the defaults, with the Inbox as default project', async () => {
    const { token } = await t.signUp('freshSettings');
    const settings = await settingsOf(token);
    expect(settings).toEqual({ ...defaults, default_project_id: expect.any(Number) });
    expect(settings.default_project_id).toBeGreaterThan(0);
  });

  it('stores every setting and frontend setting and reads them back', async () => {
    const { token } = await t.signUp('roundTrip');
    const inbox = (await settingsOf(token)).default_project_id;
    const res = await save(token, { ...everything, default_project_id: inbox });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The settings were updated successfully.' });
    expect(await settingsOf(token)).toEqual({
      ...everything,
      default_project_id: inbox,
      extra_settings_links: null,
    });
    expect((await t.request('GET', '/api/v1/user', { token })).json().name).toBe('Ada Lovelace');
  });

  it('replaces the whole object: omitted settings go back to their defaults', async () => {
    const { token } = await t.signUp('replaced');
    await save(token, everything);
    expect((await save(token, { name: 'Only a name', language: 'en' })).statusCode).toBe(200);
    expect(await settingsOf(token)).toEqual({ ...defaults, name: 'Only a name', language: 'en' });
  });

  it('keeps the language when it is sent as null (demo mode) or left out', async () => {
    const { token } = await t.signUp('keepsLanguage');
    await save(token, { ...everything, language: 'de' });
    expect((await save(token, { ...everything, language: null })).statusCode).toBe(200);
    expect((await settingsOf(token)).language).toBe('de');
    const { language: _omitted, ...withoutLanguage } = everything;
    await save(token, withoutLanguage);
    expect((await settingsOf(token)).language).toBe('de');
  });

  it('answers 400 code 1025 with i18n_params for an unknown time zone and changes nothing', async () => {
    const { token } = await t.signUp('badZone');
    const before = await settingsOf(token);
    const res = await save(token, { ...everything, timezone: 'Mars/Olympus_Mons' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 1025,
      message: "The timezone 'Mars/Olympus_Mons' is invalid. Please select a valid timezone from the list.",
      i18n_params: { timezone: 'Mars/Olympus_Mons' },
    });
    expect(await settingsOf(token)).toEqual(before);
  });

  it('accepts every zone GET /user/timezones lists', async () => {
    const { token } = await t.signUp('zones');
    const zones: string[] = (await t.request('GET', '/api/v1/user/timezones', { token })).json();
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('America/New_York');
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of [zones[0], zones[zones.length - 1], 'UTC']) {
      expect((await save(token, { timezone: zone })).statusCode, zone).toBe(200);
    }
  });

  it('stores every interface language in its Vikunja code, and browser tags as they are', async () => {
    const { token } = await t.signUp('allLanguages');
    for (const language of [...interfaceLanguages, 'fr', 'pt_BR', 'nb-NO']) {
      expect((await save(token, { ...everything, language })).statusCode, language).toBe(200);
      expect((await settingsOf(token)).language, language).toBe(language);
    }
  });

  it('answers 412 code 2002 with a field starting "language:" for a language we do not ship', async () => {
    const { token } = await t.signUp('badLanguage');
    const before = await settingsOf(token);
    for (const language of ['xx', 'klingon', '../../etc']) {
      const res = await save(token, { ...everything, language });
      expect(res.statusCode, language).toBe(412);
      expect(res.json().code).toBe(2002);
      expect(res.json().invalid_fields.some((f: string) => f.startsWith('language:'))).toBe(true);
    }
    expect(await settingsOf(token)).toEqual(before);
  });

  it.each([
    ['week_start', 7],
    ['week_start', -1],
    ['overdue_tasks_reminders_time', '25:00'],
    ['overdue_tasks_reminders_time', '9:00'],
    ['overdue_tasks_reminders_time', 'noon'],
    ['default_project_id', -3],
  ])('answers 412 for %s = %j', async (field, value) => {
    const { token } = await t.signUp(`bad${field.length}${String(value).replace(/\W/g, '')}`);
    const res = await save(token, { ...everything, [field]: value });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(2002);
    expect(res.json().invalid_fields.some((f: string) => f.startsWith(`${field}:`))).toBe(true);
  });

  it('answers 400 code 2004 for wrongly typed settings', async () => {
    const { token } = await t.signUp('wrongTypes');
    for (const body of [
      { discoverable_by_name: 'yes' },
      { week_start: 1.5 },
      { frontend_settings: 'dark' },
      { frontend_settings: [1] },
      { name: 5 },
    ]) {
      const res = await save(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(2004);
    }
  });

  it('takes as default project only a project the user can see', async () => {
    const owner = await t.signUp('projectOwner');
    const { token } = await t.signUp('projectChooser');
    const foreign = (await settingsOf(owner.token)).default_project_id;
    const created = await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Chosen' } });
    expect(created.statusCode).toBe(201);
    const own = created.json().id as number;

    expect((await save(token, { default_project_id: own })).statusCode).toBe(200);
    expect((await settingsOf(token)).default_project_id).toBe(own);

    const missing = await save(token, { default_project_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(3001);
    const forbidden = await save(token, { default_project_id: foreign });
    expect(forbidden.statusCode).toBe(403);
    expect((await settingsOf(token)).default_project_id).toBe(own);

    // Leaving it out (or 0) clears it, as a full replace does.
    expect((await save(token, { default_project_id: 0 })).statusCode).toBe(200);
    expect((await settingsOf(token)).default_project_id).toBe(0);
  });

  it('puts the new name into renewed tokens', async () => {
    const { token } = await t.signUp('renamed');
    await save(token, { name: 'Grace' });
    const renewed = (await t.request('POST', '/api/v1/user/token', { token })).json().token;
    const claims = JSON.parse(Buffer.from(renewed.split('.')[1], 'base64url').toString());
    expect(claims.name).toBe('Grace');
  });
});
