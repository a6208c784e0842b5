/**
 * Vikunja's own web frontend (v0.24.6), unmodified, against Ordo: every call it makes, with the
 * body it sends. The frontend's services (frontend/src/services/*.ts) send the whole model
 * (frontend/src/models/*.ts) in snake_case through AbstractService: create is PUT, update is
 * POST, delete is DELETE, each with `Content-Type: application/json` and the bearer token. A
 * model carries every default it was built with: nulls, zero ids, empty lists, nested users and
 * `created`/`updated` of new Date(null). Each body below names the model and service it is from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let friend: { token: string; id: number };

const EPOCH = '1970-01-01T00:00:00.000Z';
const HEADERS = { accept: 'application/json, text/plain, */*' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('fe-owner');
  friend = await t.signUp('fe-friend');
});
afterAll(async () => t.close());

/** An axios call as the frontend's AbstractService makes it. */
function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown, token = owner.token) {
  return t.request(method, `/api/v1${url}`, { token, body, headers: HEADERS });
}

/** models/user.ts: a UserModel built from nothing (a model's `created_by`, `owner`, …). */
function userModel(over: Record<string, unknown> = {}) {
  return {
    id: 0,
    email: '',
    username: '',
    name: '',
    exp: 0,
    type: 1,
    created: EPOCH,
    updated: EPOCH,
    settings: null,
    ...over,
  };
}

/**
 * models/task.ts as services/task.ts processModel sends it: dates as ISO strings or null,
 * `repeat_after` in seconds, `cover_image_attachment_id: null`, empty lists, a nested creator.
 */
function taskModel(over: Record<string, unknown> = {}) {
  return {
    id: 0,
    title: 'From the frontend',
    description: '',
    done: false,
    done_at: null,
    priority: 0,
    labels: [],
    assignees: [],
    due_date: null,
    start_date: null,
    end_date: null,
    repeat_after: 0,
    repeat_from_current_date: false,
    repeat_mode: 0,
    reminders: [],
    reminder_dates: null,
    parent_task_id: 0,
    hex_color: '',
    percent_done: 0,
    related_tasks: {},
    attachments: [],
    cover_image_attachment_id: null,
    identifier: '',
    index: 0,
    is_favorite: false,
    subscription: null,
    position: 0,
    kanban_position: 0,
    reactions: {},
    comments: [],
    created_by: userModel(),
    created: EPOCH,
    updated: EPOCH,
    project_id: 0,
    bucket_id: 0,
    ...over,
  };
}

/** models/project.ts as services/project.ts sends it. */
function projectModel(over: Record<string, unknown> = {}) {
  return {
    id: 0,
    title: 'Frontend project',
    description: '',
    owner: userModel(),
    tasks: [],
    is_archived: false,
    hex_color: '',
    identifier: '',
    background_information: null,
    is_favorite: false,
    subscription: null,
    position: 0,
    background_blur_hash: '',
    parent_project_id: 0,
    views: [],
    created: EPOCH,
    updated: EPOCH,
    ...over,
  };
}

async function newProject(over: Record<string, unknown> = {}) {
  const res = await call('PUT', '/projects', projectModel(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string; views: { id: number; view_kind: string }[] };
}

async function newTask(projectId: number, over: Record<string, unknown> = {}) {
  const res = await call(
    'PUT',
    `/projects/${projectId}/tasks`,
    taskModel({ project_id: projectId, ...over }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; index: number; title: string; project_id: number };
}

describe('tasks (models/task.ts, services/task.ts)', () => {
  it('creates a task from the full model with its nulls (201) and reads it back', async () => {
    const project = await newProject();
    const res = await call('PUT', `/projects/${project.id}/tasks`, taskModel({ project_id: project.id }));
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({
      title: 'From the frontend',
      project_id: project.id,
      cover_image_attachment_id: 0,
      done: false,
      due_date: '0001-01-01T00:00:00Z',
    });
    const read = await call('GET', `/tasks/${task.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: task.id, title: 'From the frontend' });
  });

  it('updates with the model it read back, dates and reminders included, and null clears a date', async () => {
    const project = await newProject();
    const created = await newTask(project.id, { due_date: '2026-12-01T10:00:00.000Z' });
    const read = (await call('GET', `/tasks/${created.id}`)).json();
    const update = await call(
      'POST',
      `/tasks/${created.id}`,
      taskModel({
        ...read,
        title: 'Renamed',
        hex_color: 'e8e8e8',
        percent_done: 0.5,
        priority: 3,
        reminders: [{ reminder: '2026-11-30T09:00:00.000Z', relative_period: 0, relative_to: null }],
        cover_image_attachment_id: null,
        repeat_after: 86400,
      }),
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({
      title: 'Renamed',
      hex_color: 'e8e8e8',
      percent_done: 0.5,
      priority: 3,
      repeat_after: 86400,
      due_date: '2026-12-01T10:00:00Z',
    });
    expect(update.json().reminders).toHaveLength(1);
    const cleared = await call(
      'POST',
      `/tasks/${created.id}`,
      taskModel({ ...(update.json() as object), due_date: null, reminders: null }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().due_date).toBe('0001-01-01T00:00:00Z');
  });

  it('marks done through the model, and deletes', async () => {
    const project = await newProject();
    const created = await newTask(project.id);
    const done = await call('POST', `/tasks/${created.id}`, taskModel({ ...created, done: true }));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().done).toBe(true);
    const del = await call('DELETE', `/tasks/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/tasks/${created.id}`)).statusCode).toBe(404);
  });

  it('reads a task by its project index (views/tasks/TaskDetailView via the by-index route)', async () => {
    const project = await newProject();
    await newTask(project.id, { title: 'first' });
    const second = await newTask(project.id, { title: 'second' });
    const res = await call('GET', `/projects/${project.id}/tasks/by-index/${second.index}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: second.id, title: 'second' });
    expect(res.headers['x-max-right']).toBe('2');
  });
});

describe('projects and views (models/project.ts, models/projectView.ts)', () => {
  it('creates, updates with the full model, and deletes a project', async () => {
    const project = await newProject({ title: 'Frontend made', hex_color: '1973ff' });
    expect(project.views.map((v) => v.view_kind).sort()).toEqual(['gantt', 'kanban', 'list', 'table']);
    const updated = await call(
      'POST',
      `/projects/${project.id}`,
      projectModel({ ...project, title: 'Changed' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().title).toBe('Changed');
    expect((await call('DELETE', `/projects/${project.id}`)).statusCode).toBe(200);
  });

  it('creates and updates a view from ProjectViewModel (filter object, bucket configuration)', async () => {
    const project = await newProject();
    const view = {
      id: 0,
      title: 'Open only',
      project_id: project.id,
      view_kind: 'list',
      filter: {
        sort_by: ['done', 'id'],
        order_by: ['asc', 'desc'],
        filter: 'done = false',
        filter_include_nulls: true,
        s: '',
      },
      position: 0,
      bucket_configuration: [],
      bucket_configuration_mode: 'manual',
      default_bucket_id: 0,
      done_bucket_id: 0,
      created: EPOCH,
      updated: EPOCH,
    };
    const created = await call('PUT', `/projects/${project.id}/views`, view);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Open only', view_kind: 'list' });
    const updated = await call('POST', `/projects/${project.id}/views/${created.json().id}`, {
      ...(created.json() as object),
      title: 'Still open',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().title).toBe('Still open');
  });
});

describe('buckets (models/bucket.ts, services/bucket.ts)', () => {
  it('creates a bucket from BucketModel, renames it and moves a task into it', async () => {
    const project = await newProject();
    const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
    const base = `/projects/${project.id}/views/${kanban.id}/buckets`;
    const bucket = {
      id: 0,
      title: 'Waiting',
      project_id: project.id,
      limit: 0,
      tasks: [],
      position: 0,
      count: 0,
      created_by: null,
      created: EPOCH,
      updated: EPOCH,
    };
    const created = await call('PUT', base, bucket);
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await call('POST', `${base}/${created.json().id}`, {
      ...(created.json() as object),
      title: 'Blocked',
      limit: 3,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Blocked', limit: 3 });
    const task = await newTask(project.id);
    // models/taskBucket.ts: services/taskBucket.ts posts {task_id, bucket_id, project_view_id, task}.
    const moved = await call('POST', `${base}/${created.json().id}/tasks`, {
      task_id: task.id,
      bucket_id: created.json().id,
      project_view_id: kanban.id,
      task: taskModel({ ...task }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = (await call('GET', `/tasks/${task.id}`)).json();
    expect(read.bucket_id === created.json().id || moved.json().bucket_id === created.json().id).toBe(true);
    expect((await call('DELETE', `${base}/${created.json().id}`)).statusCode).toBe(200);
  });
});

describe('labels (models/label.ts, models/labelTask.ts, services/labelTask.ts)', () => {
  it('creates a label from LabelModel, puts it on a task, and takes it off', async () => {
    const label = await call('PUT', '/labels', {
      id: 0,
      title: 'urgent',
      hex_color: 'e8e8e8',
      description: '',
      created_by: userModel(),
      project_id: 0,
      text_color: 'hsl(215, 27.9%, 16.9%)',
      created: EPOCH,
      updated: EPOCH,
    });
    expect(label.statusCode, label.body).toBe(201);
    const updated = await call('POST', `/labels/${label.json().id}`, {
      ...(label.json() as object),
      title: 'urgenter',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().title).toBe('urgenter');
    const project = await newProject();
    const task = await newTask(project.id);
    const labelTask = { id: 0, task_id: task.id, label_id: label.json().id, created: EPOCH };
    const put = await call('PUT', `/tasks/${task.id}/labels`, labelTask);
    expect(put.statusCode, put.body).toBe(201);
    expect((await call('GET', `/tasks/${task.id}`)).json().labels[0].title).toBe('urgenter');
    // services/labelTaskBulk.ts: {labels: [LabelModel…]}
    const bulk = await call('POST', `/tasks/${task.id}/labels/bulk`, { task_id: task.id, labels: [] });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect((await call('GET', `/tasks/${task.id}`)).json().labels ?? []).toHaveLength(0);
    await call('PUT', `/tasks/${task.id}/labels`, labelTask);
    expect((await call('DELETE', `/tasks/${task.id}/labels/${label.json().id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/labels/${label.json().id}`)).statusCode).toBe(200);
  });
});

describe('assignees, relations, comments (models/taskAssignee.ts, taskRelation.ts, taskComment.ts)', () => {
  it('assigns the owner, relates two tasks and comments, with the models the services send', async () => {
    const project = await newProject();
    const task = await newTask(project.id);
    const other = await newTask(project.id, { title: 'other' });
    const assign = await call('PUT', `/tasks/${task.id}/assignees`, {
      id: 0,
      user_id: owner.id,
      task_id: task.id,
      created: EPOCH,
    });
    expect(assign.statusCode, assign.body).toBe(201);
    expect((await call('GET', `/tasks/${task.id}`)).json().assignees[0].id).toBe(owner.id);
    expect((await call('DELETE', `/tasks/${task.id}/assignees/${owner.id}`)).statusCode).toBe(200);

    const relation = await call('PUT', `/tasks/${task.id}/relations`, {
      id: 0,
      other_task_id: other.id,
      task_id: task.id,
      relation_kind: 'subtask',
      created_by: userModel(),
      created: EPOCH,
    });
    expect(relation.statusCode, relation.body).toBe(201);
    expect((await call('GET', `/tasks/${task.id}`)).json().related_tasks.subtask[0].id).toBe(other.id);
    expect((await call('DELETE', `/tasks/${task.id}/relations/subtask/${other.id}`)).statusCode).toBe(200);

    const comment = await call('PUT', `/tasks/${task.id}/comments`, {
      id: 0,
      task_id: task.id,
      comment: '<p>Looks good</p>',
      author: userModel(),
      reactions: {},
      created: EPOCH,
      updated: EPOCH,
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const edited = await call('POST', `/tasks/${task.id}/comments/${comment.json().id}`, {
      ...(comment.json() as object),
      comment: '<p>Looks great</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().comment).toContain('Looks great');
    expect((await call('GET', `/tasks/${task.id}/comments`)).json()).toHaveLength(1);
    expect((await call('DELETE', `/tasks/${task.id}/comments/${comment.json().id}`)).statusCode).toBe(200);
  });
});

describe('sharing (models/userProject.ts, teamProject.ts, linkShare.ts)', () => {
  it('shares with a user by the username in `user_id`, as v0.24.6 sends it', async () => {
    const project = await newProject();
    // models/userShareBase.ts: {user_id: <username>, right}, plus the created/updated dates.
    const share = await call('PUT', `/projects/${project.id}/users`, {
      user_id: 'fe-friend',
      right: 0,
      created: EPOCH,
      updated: EPOCH,
      project_id: project.id,
    });
    expect(share.statusCode, share.body).toBe(201);
    expect(share.json()).toMatchObject({ user_id: 'fe-friend', right: 0 });
    expect((await call('GET', `/projects/${project.id}`, undefined, friend.token)).statusCode).toBe(200);
    const changed = await call('POST', `/projects/${project.id}/users/fe-friend`, {
      user_id: 'fe-friend',
      right: 1,
      project_id: project.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().right).toBe(1);
    const users = await call('GET', `/projects/${project.id}/users`);
    expect(users.json()).toEqual([expect.objectContaining({ username: 'fe-friend', right: 1 })]);
    expect((await call('DELETE', `/projects/${project.id}/users/fe-friend`)).statusCode).toBe(200);
  });

  it('shares with a team and by link, and the link logs in', async () => {
    const project = await newProject();
    const team = await call('PUT', '/teams', {
      id: 0,
      name: 'Frontend team',
      description: '',
      members: [],
      right: 0,
      is_public: false,
      created_by: userModel(),
      created: EPOCH,
      updated: EPOCH,
    });
    expect(team.statusCode, team.body).toBe(201);
    // models/teamShareBase.ts: {team_id, right}
    const teamShare = await call('PUT', `/projects/${project.id}/teams`, {
      team_id: team.json().id,
      right: 1,
      created: EPOCH,
      updated: EPOCH,
      project_id: project.id,
    });
    expect(teamShare.statusCode, teamShare.body).toBe(201);
    expect(teamShare.json()).toMatchObject({ team_id: team.json().id, right: 1 });
    // models/linkShare.ts
    const link = await call('PUT', `/projects/${project.id}/shares`, {
      id: 0,
      hash: '',
      right: 0,
      shared_by: userModel(),
      sharing_type: 0,
      project_id: project.id,
      name: '',
      password: '',
      created: EPOCH,
      updated: EPOCH,
    });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json().hash).toHaveLength(40);
    const auth = await t.request('POST', `/api/v1/shares/${link.json().hash}/auth`, {
      body: { password: '' },
    });
    expect(auth.statusCode, auth.body).toBe(200);
    expect(auth.json().project_id).toBe(project.id);
    const unknown = await t.request('POST', `/api/v1/shares/${'y'.repeat(40)}/auth`, {
      body: { password: '' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(3006);
  });
});

describe('teams (models/team.ts, models/teamMember.ts)', () => {
  it('creates a team, adds a member, toggles admin and removes them', async () => {
    const team = (
      await call('PUT', '/teams', {
        id: 0,
        name: 'Members',
        description: '',
        members: [],
        right: 0,
        is_public: false,
        created_by: userModel(),
        created: EPOCH,
        updated: EPOCH,
      })
    ).json();
    const member = await call('PUT', `/teams/${team.id}/members`, {
      ...userModel({ username: 'fe-friend' }),
      admin: false,
      team_id: team.id,
    });
    expect(member.statusCode, member.body).toBe(201);
    expect(member.json()).toMatchObject({ username: 'fe-friend', admin: false });
    const toggled = await call('POST', `/teams/${team.id}/members/fe-friend/admin`, {
      ...userModel({ username: 'fe-friend' }),
      admin: false,
      team_id: team.id,
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json().admin).toBe(true);
    const updated = await call('POST', `/teams/${team.id}`, { ...team, name: 'Renamed team' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call('DELETE', `/teams/${team.id}/members/fe-friend`)).statusCode).toBe(200);
    expect((await call('DELETE', `/teams/${team.id}`)).statusCode).toBe(200);
  });
});

describe('saved filters, subscriptions, notifications', () => {
  it('creates a saved filter from SavedFilterModel and updates it', async () => {
    const filter = {
      id: 0,
      title: 'Open',
      description: '',
      filters: {
        sort_by: ['done', 'id'],
        order_by: ['asc', 'desc'],
        filter: 'done = false',
        filter_include_nulls: true,
        s: '',
      },
      is_favorite: false,
      owner: userModel(),
      created: EPOCH,
      updated: EPOCH,
    };
    const created = await call('PUT', '/filters', filter);
    expect(created.statusCode, created.body).toBe(201);
    const updated = await call('POST', `/filters/${created.json().id}`, {
      ...(created.json() as object),
      title: 'Still open',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().title).toBe('Still open');
    expect((await call('DELETE', `/filters/${created.json().id}`)).statusCode).toBe(200);
  });

  it('subscribes to a project and a task (services/subscription.ts sends the model) and unsubscribes', async () => {
    const project = await newProject();
    const task = await newTask(project.id);
    const body = (entity: string, id: number) => ({
      id: 0,
      entity,
      entity_id: id,
      user: userModel(),
      created: EPOCH,
    });
    const sub = await call('PUT', `/subscriptions/project/${project.id}`, body('project', project.id));
    expect(sub.statusCode, sub.body).toBe(201);
    expect((await call('GET', `/projects/${project.id}`)).json().subscription).toMatchObject({
      entity: 'project',
    });
    const taskSub = await call('PUT', `/subscriptions/task/${task.id}`, body('task', task.id));
    expect(taskSub.statusCode).toBe(412);
    expect((await call('DELETE', `/subscriptions/project/${project.id}`)).statusCode).toBe(200);
    expect((await call('PUT', `/subscriptions/task/${task.id}`, body('task', task.id))).statusCode).toBe(201);
  });

  it('lists notifications and marks them read (models/notification.ts)', async () => {
    const project = await newProject();
    await call('PUT', `/projects/${project.id}/users`, { user_id: 'fe-friend', right: 1 });
    const task = await newTask(project.id);
    await call('PUT', `/tasks/${task.id}/assignees`, {
      id: 0,
      user_id: friend.id,
      task_id: task.id,
      created: EPOCH,
    });
    const list = await call('GET', '/notifications', undefined, friend.token);
    expect(list.statusCode).toBe(200);
    const [first] = list.json();
    expect(first).toBeDefined();
    const marked = await call(
      'POST',
      `/notifications/${first.id}`,
      { ...first, read: true, read_at: null },
      friend.token,
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().read).toBe(true);
    expect((await call('POST', '/notifications', {}, friend.token)).statusCode).toBe(200);
  });
});

describe('user settings, tokens, webhooks', () => {
  it('saves the general settings the settings page sends (models/userSettings.ts)', async () => {
    const user = (await call('GET', '/user')).json();
    const res = await call('POST', '/user/settings/general', {
      ...user.settings,
      name: 'Front End',
      week_start: 1,
      default_project_id: null,
      frontend_settings: {
        play_sound_when_done: true,
        quick_add_magic_mode: 'vikunja',
        color_schema: 'auto',
      },
      extra_settings_links: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await call('GET', '/user')).json();
    expect(after.settings).toMatchObject({ name: 'Front End', week_start: 1 });
  });

  it('creates and deletes an API token (models/apiTokenModel.ts)', async () => {
    const res = await call('PUT', '/tokens', {
      id: 0,
      title: 'script',
      token: '',
      permissions: { tasks: ['read_all'] },
      expires_at: '2099-01-01T00:00:00.000Z',
      created: EPOCH,
      updated: EPOCH,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().token).toMatch(/^tk_/);
    expect((await call('DELETE', `/tokens/${res.json().id}`)).statusCode).toBe(200);
  });

  it('creates a project webhook and updates its events (models/webhook.ts)', async () => {
    const project = await newProject();
    const res = await call('PUT', `/projects/${project.id}/webhooks`, {
      id: 0,
      project_id: project.id,
      user_id: 0,
      secret: '',
      basic_auth_user: '',
      basic_auth_password: '',
      target_url: 'https://hooks.example.com/ordo',
      events: ['task.created'],
      created_by: {},
      created: null,
      updated: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const updated = await call('POST', `/projects/${project.id}/webhooks/${res.json().id}`, {
      ...(res.json() as object),
      events: ['task.created', 'task.updated'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().events).toEqual(['task.created', 'task.updated']);
  });
});

describe('more task calls (taskPosition.ts, reaction.ts, services/taskAssignee.ts, services/attachment.ts)', () => {
  it('sets a position, reacts, bulk-assigns and lists attachments', async () => {
    const project = await newProject();
    const list = project.views.find((v) => v.view_kind === 'list')!;
    const task = await newTask(project.id);
    // models/taskPosition.ts through services/taskPosition.ts (POST /tasks/{taskId}/position)
    const position = await call('POST', `/tasks/${task.id}/position`, {
      position: 42.5,
      project_view_id: list.id,
      task_id: task.id,
    });
    expect(position.statusCode, position.body).toBe(200);
    expect(position.json()).toMatchObject({ task_id: task.id, project_view_id: list.id, position: 42.5 });

    // models/reaction.ts through services/reactions.ts
    const reaction = { id: task.id, kind: 'tasks', value: '👍' };
    const added = await call('PUT', `/tasks/${task.id}/reactions`, reaction);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().value).toBe('👍');
    expect(Object.keys((await call('GET', `/tasks/${task.id}/reactions`)).json())).toEqual(['👍']);
    const removed = await call('POST', `/tasks/${task.id}/reactions/delete`, reaction);
    expect(removed.statusCode, removed.body).toBe(200);

    // services/taskAssigneeBulk.ts: {task_id, assignees: [UserModel…]}
    const bulk = await call('POST', `/tasks/${task.id}/assignees/bulk`, {
      task_id: task.id,
      assignees: [userModel({ id: owner.id, username: 'fe-owner' })],
      created: EPOCH,
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(
      (await call('GET', `/tasks/${task.id}`)).json().assignees.map((a: { id: number }) => a.id),
    ).toEqual([owner.id]);

    // services/attachment.ts getAll
    const attachments = await call('GET', `/tasks/${task.id}/attachments`);
    expect(attachments.statusCode).toBe(200);
    expect(attachments.json() ?? []).toEqual([]);
  });

  it('duplicates a project from ProjectDuplicateModel', async () => {
    const project = await newProject({ title: 'To copy' });
    await newTask(project.id, { title: 'copied task' });
    const res = await call('PUT', `/projects/${project.id}/duplicate`, {
      project_id: project.id,
      duplicated_project: null,
      parent_project_id: 0,
      duplicate_shares: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().duplicated_project;
    expect(copy.title).toBe('To copy - duplicate');
    const tasks = (await call('GET', `/projects/${copy.id}/tasks`)).json();
    expect(tasks.map((x: { title: string }) => x.title)).toEqual(['copied task']);
  });

  it('moves a task to the done bucket through the kanban view update (default and done bucket ids)', async () => {
    const project = await newProject();
    const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
    const view = (await call('GET', `/projects/${project.id}/views/${kanban.id}`)).json();
    const buckets = (await call('GET', `/projects/${project.id}/views/${kanban.id}/tasks`)).json() as {
      id: number;
      title: string;
    }[];
    const done = buckets.find((b) => b.title === 'Done')!;
    const updated = await call('POST', `/projects/${project.id}/views/${kanban.id}`, {
      ...view,
      done_bucket_id: done.id,
      created: EPOCH,
      updated: EPOCH,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().done_bucket_id).toBe(done.id);
    const task = await newTask(project.id);
    const marked = await call('POST', `/tasks/${task.id}`, taskModel({ ...task, done: true }));
    expect(marked.statusCode, marked.body).toBe(200);
    const after = (await call('GET', `/projects/${project.id}/views/${kanban.id}/tasks`)).json() as {
      id: number;
      tasks: { id: number }[] | null;
    }[];
    expect(after.find((b) => b.id === done.id)?.tasks?.map((x) => x.id)).toContain(task.id);
  });

  it('reads the task lists the views ask for (services/taskCollection.ts)', async () => {
    const project = await newProject();
    const list = project.views.find((v) => v.view_kind === 'list')!;
    const task = await newTask(project.id, { due_date: '2026-12-24T12:00:00.000Z' });
    const viewTasks = await call(
      'GET',
      `/projects/${project.id}/views/${list.id}/tasks?sort_by[]=done&sort_by[]=id&order_by[]=asc&order_by[]=desc&filter=done+%3D+false&filter_include_nulls=false&s=&page=1`,
    );
    expect(viewTasks.statusCode, viewTasks.body).toBe(200);
    expect(viewTasks.json().map((x: { id: number }) => x.id)).toContain(task.id);
    expect(viewTasks.headers['x-pagination-total-pages']).toBe('1');
    const upcoming = await call(
      'GET',
      `/tasks/all?sort_by[]=due_date&sort_by[]=id&order_by[]=asc&order_by[]=desc&filter=due_date+%3C+%272027-01-01T00%3A00%3A00.000Z%27+%26%26+done+%3D+false&filter_include_nulls=false&filter_timezone=Europe%2FBerlin&page=1`,
    );
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    expect(upcoming.json().map((x: { id: number }) => x.id)).toContain(task.id);
  });
});

describe('account settings (services/user*.ts, caldavToken.ts, passwordUpdate.ts, emailUpdate.ts)', () => {
  it('searches users and project users, picks an avatar provider, makes and removes a CalDAV token', async () => {
    const users = await call('GET', '/users?s=fe-friend');
    expect(users.statusCode).toBe(200);
    expect(users.json().map((u: { username: string }) => u.username)).toContain('fe-friend');
    const project = await newProject();
    const projectUsers = await call('GET', `/projects/${project.id}/projectusers?s=`);
    expect(projectUsers.statusCode, projectUsers.body).toBe(200);
    // models/avatar.ts: {avatar_provider}
    const avatar = await call('POST', '/user/settings/avatar', { avatar_provider: 'initials' });
    expect(avatar.statusCode, avatar.body).toBe(200);
    expect((await call('GET', '/user/settings/avatar')).json().avatar_provider).toBe('initials');
    // models/caldavToken.ts: a new model has no fields set, so the body is {}.
    const token = await call('PUT', '/user/settings/token/caldav', {});
    expect(token.statusCode, token.body).toBe(201);
    expect(token.json().token).toBeTruthy();
    const tokens = (await call('GET', '/user/settings/token/caldav')).json() as { id: number }[];
    expect(tokens.map((x) => x.id)).toContain(token.json().id);
    expect((await call('DELETE', `/user/settings/token/caldav/${token.json().id}`)).statusCode).toBe(200);
  });

  it('changes the e-mail address and the password with their models', async () => {
    const user = await t.signUp('fe-mover');
    const email = await call(
      'POST',
      '/user/settings/email',
      { new_email: 'moved@example.com', password: 'tidy-otter-42' },
      user.token,
    );
    expect(email.statusCode, email.body).toBe(200);
    const password = await call(
      'POST',
      '/user/password',
      { new_password: 'brisk-heron-77', old_password: 'tidy-otter-42' },
      user.token,
    );
    expect(password.statusCode, password.body).toBe(200);
    const login = await t.request('POST', '/api/v1/login', {
      body: { username: 'fe-mover', password: 'brisk-heron-77', long_token: false },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('the rest of the settings and sharing screens', () => {
  it('changes a team share, deletes a link share and a webhook, lists tokens', async () => {
    const project = await newProject();
    const team = (
      await call('PUT', '/teams', { id: 0, name: 'Share team', description: '', members: [], right: 0 })
    ).json();
    await call('PUT', `/projects/${project.id}/teams`, {
      team_id: team.id,
      right: 0,
      project_id: project.id,
    });
    // models/teamProject.ts through services/teamProject.ts update
    const changed = await call('POST', `/projects/${project.id}/teams/${team.id}`, {
      team_id: team.id,
      right: 2,
      project_id: project.id,
      created: EPOCH,
      updated: EPOCH,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().right).toBe(2);
    expect((await call('DELETE', `/projects/${project.id}/teams/${team.id}`)).statusCode).toBe(200);

    const link = (
      await call('PUT', `/projects/${project.id}/shares`, { id: 0, right: 0, name: 'x', password: '' })
    ).json();
    expect((await call('GET', `/projects/${project.id}/shares`)).json()).toHaveLength(1);
    expect((await call('DELETE', `/projects/${project.id}/shares/${link.id}`)).statusCode).toBe(200);

    const hook = (
      await call('PUT', `/projects/${project.id}/webhooks`, {
        id: 0,
        project_id: project.id,
        target_url: 'https://hooks.example.com/x',
        events: ['task.deleted'],
        secret: '',
        basic_auth_user: '',
        basic_auth_password: '',
      })
    ).json();
    expect((await call('GET', `/projects/${project.id}/webhooks`)).json()).toHaveLength(1);
    expect((await call('DELETE', `/projects/${project.id}/webhooks/${hook.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/webhooks/events')).json()).toContain('task.created');
    expect((await call('GET', '/tokens')).statusCode).toBe(200);
    expect(Object.keys((await call('GET', '/routes')).json())).toContain('tasks');
  });

  it('archives a project, moves a task to another project, deletes a view and reacts to a comment', async () => {
    const from = await newProject({ title: 'From' });
    const to = await newProject({ title: 'To' });
    const task = await newTask(from.id);
    const moved = await call('POST', `/tasks/${task.id}`, taskModel({ ...task, project_id: to.id }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().project_id).toBe(to.id);

    const table = from.views.find((v) => v.view_kind === 'table')!;
    expect((await call('DELETE', `/projects/${from.id}/views/${table.id}`)).statusCode).toBe(200);
    const archived = await call('POST', `/projects/${from.id}`, projectModel({ ...from, is_archived: true }));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().is_archived).toBe(true);

    const comment = (
      await call('PUT', `/tasks/${task.id}/comments`, { id: 0, task_id: task.id, comment: 'hi' })
    ).json();
    const reaction = await call('PUT', `/comments/${comment.id}/reactions`, {
      id: comment.id,
      kind: 'comments',
      value: '🎉',
    });
    expect(reaction.statusCode, reaction.body).toBe(201);
    const reactions = (await call('GET', `/comments/${comment.id}/reactions`)).json();
    expect(Object.keys(reactions)).toEqual(['🎉']);
  });

  it('enrols in two-factor login and asks for a data export (services/totp.ts, services/dataExport.ts)', async () => {
    const user = await t.signUp('fe-careful');
    const enrolled = await call('POST', '/user/settings/totp/enroll', {}, user.token);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({ enabled: false, secret: expect.any(String) });
    const status = await call('GET', '/user/settings/totp', undefined, user.token);
    expect(status.json().secret).toBe(enrolled.json().secret);
    const exported = await call('POST', '/user/export/request', { password: 'tidy-otter-42' }, user.token);
    expect(exported.statusCode, exported.body).toBe(200);
  });
});
