/**
 * Vikunja's mobile app (go-vikunja/app), unmodified, against Ordo: every call it makes, with the
 * headers and bodies it sends. Its client (lib/core/network/client.dart) sends
 * `Content-Type: application/json`, `User-Agent: Vikunja Mobile App` and `Authorization` (empty
 * before login) on every request, GET and DELETE included, and a POST or PUT without a body
 * sends the JSON text `null`. Bodies come from the DTOs' toJSON (lib/data/models/*_dto.dart),
 * sent by the data sources (lib/data/data_sources/*.dart) named beside each call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token = '';
let me: { id: number; username: string; name: string; created: string; updated: string };

/** A Dart DateTime.now().toUtc().toIso8601String(): microseconds, `Z`. */
const NOW = '2026-11-25T10:15:30.123456Z';

/** client.dart: get/delete send no body; post/put send `_encoder.convert(body)`, `null` for none. */
function app(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const sendsBody = method === 'POST' || method === 'PUT';
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: token ? `Bearer ${token}` : '',
      'content-type': 'application/json',
      'user-agent': 'Vikunja Mobile App',
    },
    ...(sendsBody ? { payload: JSON.stringify(body ?? null) } : {}),
  });
}

/** user_dto.dart UserDto.toJSON: the user the app read, `user_settings` null. */
function userDto() {
  return {
    id: me.id,
    name: me.name,
    username: me.username,
    created: me.created,
    updated: me.updated,
    user_settings: null,
  };
}

/** task_dto.dart TaskDto.toJSON for a new task: nulls for every unset optional field. */
function taskDto(projectId: number, over: Record<string, unknown> = {}) {
  return {
    id: 0,
    title: 'From the phone',
    description: '',
    identifier: null,
    done: false,
    reminders: [],
    due_date: null,
    start_date: null,
    end_date: null,
    priority: null,
    repeat_after: null,
    hex_color: null,
    position: null,
    percent_done: null,
    project_id: projectId,
    labels: [],
    subtasks: [],
    attachments: [],
    bucket_id: null,
    created_by: userDto(),
    updated: NOW,
    created: NOW,
    ...over,
  };
}

/** project_dto.dart ProjectDto.toJSON (note its `is_favourite`, which Vikunja ignores). */
function projectDto(over: Record<string, unknown> = {}) {
  return {
    id: 0,
    created: NOW,
    updated: NOW,
    title: 'Phone project',
    owner: null,
    description: '',
    parent_project_id: 0,
    hex_color: null,
    is_archived: false,
    is_favourite: false,
    position: 0,
    ...over,
  };
}

/** label_dto.dart LabelDto.toJSON */
function labelDto(over: Record<string, unknown> = {}) {
  return {
    id: 0,
    title: 'phone-label',
    description: '',
    hex_color: null,
    created_by: userDto(),
    updated: NOW,
    created: NOW,
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.signUp('phone-user');
  // user_data_source.dart login: before login the app sends an empty Authorization header.
  const login = await app('POST', '/login', {
    long_token: true,
    password: 'tidy-otter-42',
    username: 'phone-user',
  });
  expect(login.statusCode, login.body).toBe(200);
  token = login.json().token;
  me = (await app('GET', '/user')).json();
});
afterAll(async () => t.close());

async function newProject(title = 'Phone project') {
  const res = await app('PUT', '/projects', projectDto({ title }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; views: { id: number; view_kind: string; position: number }[] };
}

async function newTask(projectId: number, over: Record<string, unknown> = {}) {
  const res = await app('PUT', `/projects/${projectId}/tasks`, taskDto(projectId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: number };
}

describe('empty bodies with Content-Type: application/json', () => {
  it('DELETE, GET and a POST without a body are answered, never 400 (2004)', async () => {
    const project = await newProject('Empty bodies');
    const task = await newTask(project.id);
    const empty = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    expect((await empty('GET', `/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await empty('GET', '/projects')).statusCode).toBe(200);
    const read = await empty('POST', '/notifications');
    expect(read.statusCode, read.body).toBe(200);
    const deleted = await empty('DELETE', `/tasks/${task.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await empty('GET', `/tasks/${task.id}`)).statusCode).toBe(404);
    // Broken JSON is still refused with Vikunja's 2004.
    const broken = await t.request('POST', `/projects/${project.id}`.replace(/^/, '/api/v1'), {
      token,
      body: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(2004);
  });
});

describe('session (user_data_source.dart, version_data_source.dart)', () => {
  it('reads /info and the user, saves the settings and renews the token', async () => {
    const info = await app('GET', '/info');
    expect(info.statusCode).toBe(200);
    expect(info.json().version).toBeTruthy();
    const user = await app('GET', '/user');
    expect(user.json()).toMatchObject({ username: 'phone-user', settings: expect.any(Object) });
    // UserSettingsDto.toJson: every field, frontend_settings as the server gave it.
    const settings = user.json().settings;
    const saved = await app('POST', '/user/settings/general', {
      default_project_id: settings.default_project_id,
      discoverable_by_email: false,
      discoverable_by_name: true,
      email_reminders_enabled: true,
      frontend_settings: settings.frontend_settings,
      language: 'en',
      name: 'Phone User',
      overdue_tasks_reminders_enabled: false,
      overdue_tasks_reminders_time: settings.overdue_tasks_reminders_time,
      timezone: 'Europe/Berlin',
      week_start: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await app('GET', '/user')).json().settings).toMatchObject({ name: 'Phone User', week_start: 1 });
    // getToken: POST /user/token with the body `null`.
    const renewed = await app('POST', '/user/token');
    expect(renewed.statusCode, renewed.body).not.toBe(500);
    expect(renewed.json().code).not.toBe(2004);
  });
});

describe('projects and views (project_data_source.dart, project_view_data_source.dart)', () => {
  it('creates, reads, updates and deletes a project from ProjectDto', async () => {
    const project = await newProject('Phone made');
    const all = await app('GET', '/projects');
    expect(all.json().map((p: { id: number }) => p.id)).toContain(project.id);
    const read = (await app('GET', `/projects/${project.id}`)).json();
    const updated = await app(
      'POST',
      `/projects/${project.id}`,
      projectDto({ ...read, owner: userDto(), title: 'Phone renamed', hex_color: '1973ff' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Phone renamed', hex_color: '1973ff' });
    const deleted = await app('DELETE', `/projects/${project.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('updates a view from ProjectViewDto, with the text "null" for a missing filter and bucket configuration', async () => {
    const project = await newProject();
    const list = project.views.find((v) => v.view_kind === 'list')!;
    const read = (await app('GET', `/projects/${project.id}/views/${list.id}`)).json();
    const res = await app('POST', `/projects/${project.id}/views/${list.id}`, {
      created: NOW,
      default_bucket_id: read.default_bucket_id,
      done_bucket_id: read.done_bucket_id,
      id: list.id,
      position: read.position,
      project_id: project.id,
      title: 'Phone list',
      filter: 'null',
      bucket_configuration_mode: read.bucket_configuration_mode,
      bucket_configuration: 'null',
      updated: NOW,
      view_kind: 'list',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('Phone list');
  });
});

describe('tasks (task_data_source.dart, TaskDto)', () => {
  it('creates a task from TaskDto with its nulls and reads the fields the app parses', async () => {
    const project = await newProject();
    const task = await newTask(project.id, {
      due_date: '2026-12-01T09:00:00.000Z',
      reminders: [{ relative_period: 0, relative_to: '', reminder: '2026-11-30T09:00:00.000Z' }],
    });
    // TaskDto.fromJson parses these unconditionally: they must be present and of these types.
    expect(task).toMatchObject({
      title: 'From the phone',
      description: '',
      done: false,
      identifier: expect.any(String),
      due_date: '2026-12-01T09:00:00Z',
      start_date: expect.any(String),
      end_date: expect.any(String),
      repeat_after: 0,
      hex_color: '',
      priority: 0,
      percent_done: 0,
      project_id: project.id,
      created_by: expect.objectContaining({ username: 'phone-user' }),
    });
    expect(typeof task.position).toBe('number');
    expect(task.reminders).toEqual([expect.objectContaining({ reminder: '2026-11-30T09:00:00Z' })]);
  });

  it('updates a task with the DTO it parsed, marks it done, lists and deletes it', async () => {
    const project = await newProject();
    const task = await newTask(project.id);
    const update = await app(
      'POST',
      `/tasks/${task.id}`,
      taskDto(project.id, {
        id: task.id,
        title: 'Edited on the phone',
        identifier: task.identifier,
        priority: 2,
        repeat_after: 0,
        hex_color: 'ff0000',
        position: task.position,
        percent_done: 0.25,
        bucket_id: task.bucket_id,
        done: true,
      }),
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({
      title: 'Edited on the phone',
      priority: 2,
      hex_color: 'ff0000',
      percent_done: 0.25,
      done: true,
    });
    const byProject = await app('GET', `/projects/${project.id}/tasks`);
    expect(byProject.json().map((x: { id: number }) => x.id)).toContain(task.id);
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks?filter=${encodeURIComponent('done = true')}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().map((x: { id: number }) => x.id)).toContain(task.id);
    const deleted = await app('DELETE', `/tasks/${task.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});

describe('task lists of the older app (lib/api/task_implementation.dart)', () => {
  it('pages /tasks/all from page 0, and its options query with the old filter_by parameters', async () => {
    const project = await newProject();
    const task = await newTask(project.id, { title: 'Listed', due_date: '2026-12-03T08:00:00.000Z' });
    const first = await app('GET', '/tasks/all');
    expect(first.statusCode, first.body).toBe(200);
    const pages = Number(first.headers['x-pagination-total-pages']);
    expect(pages).toBeGreaterThanOrEqual(1);
    const seen: number[] = [];
    for (let page = 0; page < pages; page++) {
      const res = await app('GET', `/tasks/all?page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...(res.json() as { id: number }[]).map((x) => x.id));
    }
    expect(seen).toContain(task.id);
    const options = await app(
      'GET',
      '/tasks/all?sort_by[]=due_date&sort_by[]=id&order_by[]=asc&order_by[]=desc&filter_by[]=done&filter_value[]=false&filter_comparator[]=equals&filter_concat=and&filter_include_nulls=false&page=1',
    );
    expect(options.statusCode, options.body).toBe(200);
    expect((options.json() as { id: number }[]).map((x) => x.id)).toContain(task.id);
  });
});

describe('kanban (bucket_data_source.dart, BucketDto)', () => {
  it('lists buckets, creates, renames and deletes one, moves a task and sets its position', async () => {
    const project = await newProject();
    const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
    const base = `/projects/${project.id}/views/${kanban.id}`;
    const buckets = await app('GET', `${base}/tasks`);
    expect(buckets.statusCode).toBe(200);
    expect(buckets.json().length).toBeGreaterThan(0);
    const bucketDto = {
      id: 0,
      project_view_id: kanban.id,
      title: 'Phone bucket',
      position: null,
      limit: 0,
      created: NOW,
      updated: NOW,
      created_by: userDto(),
      tasks: [],
    };
    const created = await app('PUT', `${base}/buckets`, bucketDto);
    expect(created.statusCode, created.body).toBe(201);
    const bucket = created.json();
    expect(bucket).toMatchObject({ title: 'Phone bucket', limit: 0, created_by: expect.any(Object) });
    const renamed = await app('POST', `${base}/buckets/${bucket.id}`, {
      ...bucketDto,
      id: bucket.id,
      position: bucket.position,
      title: 'Renamed bucket',
      limit: 2,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renamed bucket', limit: 2 });

    const task = await newTask(project.id);
    const moved = await app('POST', `${base}/buckets/${bucket.id}/tasks`, {
      task_id: task.id,
      bucket_id: bucket.id,
      project_view_id: kanban.id,
      project_id: project.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const inBucket = (await app('GET', `${base}/tasks`)).json() as {
      id: number;
      tasks: { id: number }[] | null;
    }[];
    expect(inBucket.find((b) => b.id === bucket.id)?.tasks?.map((x) => x.id)).toContain(task.id);
    const position = await app('POST', `/tasks/${task.id}/position`, {
      position: 123.5,
      project_view_id: kanban.id,
      task_id: task.id,
    });
    expect(position.statusCode, position.body).toBe(200);
    expect(position.json().position).toBe(123.5);
    const deleted = await app('DELETE', `${base}/buckets/${bucket.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});

describe('labels (label_data_source.dart, task_label_data_source.dart, task_label_bulk_data_source.dart)', () => {
  it('creates, finds, attaches in bulk and one by one, detaches and deletes a label', async () => {
    const created = await app('PUT', '/labels', labelDto({ hex_color: 'e8e8e8' }));
    expect(created.statusCode, created.body).toBe(201);
    const label = created.json();
    expect(label).toMatchObject({
      title: 'phone-label',
      hex_color: 'e8e8e8',
      created_by: expect.any(Object),
    });
    const noColour = await app('PUT', '/labels', labelDto({ title: 'colourless' }));
    expect(noColour.statusCode, noColour.body).toBe(201);
    expect(noColour.json().hex_color).toBe('');
    const search = await app('GET', `/labels?s=${encodeURIComponent('phone')}`);
    expect(search.json().map((l: { id: number }) => l.id)).toContain(label.id);
    expect((await app('GET', `/labels/${label.id}`)).json().title).toBe('phone-label');

    const project = await newProject();
    const task = await newTask(project.id);
    const bulk = await app('POST', `/tasks/${task.id}/labels/bulk`, {
      labels: [labelDto({ ...label, created_by: userDto() })],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(bulk.json().labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    const cleared = await app('POST', `/tasks/${task.id}/labels/bulk`, { labels: [] });
    expect(cleared.statusCode, cleared.body).toBe(201);
    // LabelTaskDto.toJSON: only the label id.
    const one = await app('PUT', `/tasks/${task.id}/labels`, { label_id: noColour.json().id });
    expect(one.statusCode, one.body).toBe(201);
    expect((await app('GET', `/tasks/${task.id}`)).json().labels.map((l: { id: number }) => l.id)).toEqual([
      noColour.json().id,
    ]);
    const detached = await app('DELETE', `/tasks/${task.id}/labels/${noColour.json().id}`);
    expect(detached.statusCode, detached.body).toBe(200);
    const deleted = await app('DELETE', `/labels/${label.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});

describe('comments (task_comment_data_source.dart, TaskCommentDto)', () => {
  it('lists, creates, edits and deletes a comment', async () => {
    const project = await newProject();
    const task = await newTask(project.id);
    const created = await app('PUT', `/tasks/${task.id}/comments`, {
      id: 0,
      comment: 'From the phone',
      author: userDto(),
      created: NOW,
      updated: NOW,
    });
    expect(created.statusCode, created.body).toBe(201);
    const comment = created.json();
    expect(comment).toMatchObject({
      comment: expect.stringContaining('From the phone'),
      author: expect.any(Object),
    });
    const edited = await app('POST', `/tasks/${task.id}/comments/${comment.id}`, {
      id: comment.id,
      comment: 'Edited on the phone',
      author: userDto(),
      created: comment.created,
      updated: NOW,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().comment).toContain('Edited on the phone');
    expect((await app('GET', `/tasks/${task.id}/comments`)).json()).toHaveLength(1);
    const deleted = await app('DELETE', `/tasks/${task.id}/comments/${comment.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
