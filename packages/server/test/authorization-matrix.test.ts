/**
 * The authorisation matrix: every endpoint that exists × every kind of caller. Each role gets its
 * own project P (a child of a root project, both owned by `owner`) and exactly one grant: a user
 * share, a team share, a share on the parent, or a link share. Allowed operations must succeed;
 * every other one must fail with the expected status and code and must not return any of the
 * data. Every name of the owner's data contains SECRET, so a failed response must not contain it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from './support/live-client.js';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Right = 0 | 1 | 2;
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

interface Account {
  token: string;
  id: number;
  username: string;
}

interface RoleDef {
  name: string;
  kind: 'user' | 'link' | 'anonymous' | 'deleted';
  /** The role's right on its project, null for none. */
  right: Right | null;
}

/** Ids of one role's fixture, created fresh by the owner. */
interface Fixture {
  root: number;
  project: number;
  view: number;
  kanban: number;
  task: number;
  label: number;
  /** A custom field of the project, with a value on `task`. */
  field: number;
  token: string;
  /** Takes the role's grant away again (user, team and parent shares). */
  revoke?: () => Promise<unknown>;
}

interface Denial {
  status: number;
  code: number;
}

type Need =
  /** Needs this right on the role's project; link shares are refused (1023) when `userOnly`. */
  | {
      kind: 'right';
      right: Right;
      userOnly?: boolean;
      /** How link shares are refused when `userOnly` (default 1023). */
      linkShare?: Denial;
      /** Besides the right, only the author (the owner here) may do it. */
      authorOnly?: boolean;
      noAccess?: Denial;
      tooLow?: Denial;
    }
  /** A list every caller may ask for; it contains the owner's data only with this right. */
  | { kind: 'list'; right: Right }
  /** Any signed-in user; link shares are refused (1023, or `linkShare`). */
  | { kind: 'user'; linkShare?: Denial }
  /** Any token. */
  | { kind: 'any' }
  /** Only the owner (label creator, team member); everyone else gets `denied`. */
  | { kind: 'owner'; denied: Denial; userOnly?: boolean; linkShare?: Denial };

interface Operation {
  name: string;
  method: Method;
  /** Builds the request, preparing anything it acts on first (as the owner). */
  request(f: Fixture, role: RoleDef): Promise<{ url: string; body?: Payload }>;
  need: Need;
  status: 200 | 201;
  /** Extra checks on a successful answer. */
  check?(body: string, role: RoleDef): void;
}

const FORBIDDEN: Denial = { status: 403, code: 0 };
/** A trash entry of a project the caller cannot see is not theirs to know of. */
const TRASH_ENTRY_UNSEEN: Denial = { status: 404, code: 30100 };
const LINK_SHARE_REFUSED: Denial = { status: 403, code: 1023 };
/** Someone else's template is not theirs to know of. */
const TEMPLATE_UNSEEN: Denial = { status: 404, code: 30110 };
const INVALID_TOKEN: Denial = { status: 401, code: 11 };
const NOT_LABEL_CREATOR: Denial = { status: 403, code: 8003 };
const FILTERS_NOT_FOR_LINK_SHARES: Denial = { status: 412, code: 11002 };

let t: TestApp;
let owner: Account;
const users: Record<string, Account> = {};
const teams: Record<string, number> = {};
let counter = 0;

/** A request body, or a file to upload as multipart field `files`. */
type Payload = unknown | { file: string };

function isFile(body: unknown): body is { file: string } {
  return typeof body === 'object' && body !== null && 'file' in body;
}

async function as(token: string, method: Method, url: string, body?: Payload) {
  if (isFile(body)) {
    const { body: payload, contentType } = multipart([
      { name: 'note.txt', type: 'text/plain', data: body.file },
    ]);
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': contentType },
      payload,
    });
  }
  return t.request(method, `/api/v1${url}`, { token, body });
}

/** A request the owner makes to prepare state; it must succeed. */
async function setup<T = Record<string, unknown>>(method: Method, url: string, body?: Payload): Promise<T> {
  const res = await as(owner.token, method, url, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.body}`);
  return res.json() as T;
}

const secret = (what: string) => `SECRET ${what} ${++counter}`;

async function newTask(f: Fixture): Promise<number> {
  return (await setup<{ id: number }>('PUT', `/projects/${f.project}/tasks`, { title: secret('task') })).id;
}

/** A task of the role's project deleted by the owner: its trash entry's id. */
async function trashedTask(f: Fixture): Promise<number> {
  const task = await newTask(f);
  await setup('DELETE', `/tasks/${task}`);
  const entries = await setup<{ id: number; kind: string; item_id: number }[]>('GET', '/trash');
  const entry = entries.find((e) => e.kind === 'task' && e.item_id === task);
  if (!entry) throw new Error(`task ${task} is not in the trash`);
  return entry.id;
}

/** A project of the owner's, with a secret task, deleted by the owner: its trash entry's id. */
async function trashedProject(): Promise<number> {
  const project = await setup<{ id: number }>('PUT', '/projects', { title: secret('deleted project') });
  await setup('PUT', `/projects/${project.id}/tasks`, { title: secret('task') });
  await setup('DELETE', `/projects/${project.id}`);
  const entries = await setup<{ id: number; kind: string; item_id: number }[]>('GET', '/trash');
  const entry = entries.find((e) => e.kind === 'project' && e.item_id === project.id);
  if (!entry) throw new Error(`project ${project.id} is not in the trash`);
  return entry.id;
}

/** A template of the owner's, saved from the role's project or task: its id. */
async function ownerTemplate(f: Fixture, kind: 'project' | 'task'): Promise<number> {
  const url = kind === 'project' ? `/projects/${f.project}/template` : `/tasks/${f.task}/template`;
  return (await setup<{ id: number }>('PUT', url, { title: secret('template') })).id;
}

async function newFilter(): Promise<{ id: number }> {
  return setup('PUT', '/filters', { title: secret('filter'), filters: { filter: 'done = false' } });
}

async function newTeamWithExtra(): Promise<{ id: number }> {
  const team = await setup<{ id: number }>('PUT', '/teams', { name: secret('team') });
  await setup('PUT', `/teams/${team.id}/members`, { username: users.extra1.username });
  return team;
}

async function newLabelOnTask(f: Fixture): Promise<number> {
  const label = await setup<{ id: number }>('PUT', '/labels', { title: secret('label') });
  await setup('PUT', `/tasks/${f.task}/labels`, { label_id: label.id });
  return label.id;
}

const ROLES: RoleDef[] = [
  { name: 'owner', kind: 'user', right: 2 },
  { name: 'user share admin', kind: 'user', right: 2 },
  { name: 'user share write', kind: 'user', right: 1 },
  { name: 'user share read', kind: 'user', right: 0 },
  { name: 'team share admin', kind: 'user', right: 2 },
  { name: 'team share write', kind: 'user', right: 1 },
  { name: 'team share read', kind: 'user', right: 0 },
  { name: 'parent share admin', kind: 'user', right: 2 },
  { name: 'parent share write', kind: 'user', right: 1 },
  { name: 'parent share read', kind: 'user', right: 0 },
  { name: 'link share admin', kind: 'link', right: 2 },
  { name: 'link share write', kind: 'link', right: 1 },
  { name: 'link share read', kind: 'link', right: 0 },
  { name: 'link share admin with password', kind: 'link', right: 2 },
  { name: 'link share write with password', kind: 'link', right: 1 },
  { name: 'link share read with password', kind: 'link', right: 0 },
  { name: 'another user', kind: 'user', right: null },
  { name: 'anonymous', kind: 'anonymous', right: null },
  { name: 'deleted link share', kind: 'deleted', right: null },
];

const OPERATIONS: Operation[] = [
  // Projects
  {
    name: 'list projects',
    method: 'GET',
    request: async () => ({ url: '/projects' }),
    need: { kind: 'list', right: 0 },
    status: 200,
  },
  {
    name: 'read project',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'update project',
    method: 'POST',
    request: async (f) => ({ url: `/projects/${f.project}`, body: { title: secret('project') } }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'create child project',
    method: 'PUT',
    request: async (f) => ({ url: '/projects', body: { title: 'child', parent_project_id: f.project } }),
    need: { kind: 'right', right: 1, userOnly: true },
    status: 201,
  },
  {
    name: 'duplicate project',
    method: 'PUT',
    request: async (f) => ({ url: `/projects/${f.project}/duplicate`, body: {} }),
    need: { kind: 'right', right: 0, userOnly: true },
    status: 201,
  },
  {
    name: 'export project as iCalendar',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/export?format=ics` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'export project as CSV',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/export?format=csv` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  // Views
  {
    name: 'list views',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/views` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'read view',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/views/${f.view}` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'create view',
    method: 'PUT',
    request: async (f) => ({ url: `/projects/${f.project}/views`, body: { title: 'v', view_kind: 'list' } }),
    need: { kind: 'right', right: 2 },
    status: 201,
  },
  {
    name: 'update view',
    method: 'POST',
    request: async (f) => ({
      url: `/projects/${f.project}/views/${f.view}`,
      body: { title: secret('view'), view_kind: 'list' },
    }),
    need: { kind: 'right', right: 2 },
    status: 200,
  },
  {
    name: 'delete view',
    method: 'DELETE',
    request: async (f) => {
      const view = await setup<{ id: number }>('PUT', `/projects/${f.project}/views`, {
        title: secret('view'),
      });
      return { url: `/projects/${f.project}/views/${view.id}` };
    },
    need: { kind: 'right', right: 2 },
    status: 200,
  },
  // Custom fields
  {
    name: 'list custom fields',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/fields` }),
    need: { kind: 'right', right: 0 },
    status: 200,
    check: (body) => {
      if (!body.includes('SECRET field')) throw new Error('the project’s field is not listed');
    },
  },
  {
    name: 'define custom field',
    method: 'PUT',
    request: async (f) => ({
      url: `/projects/${f.project}/fields`,
      body: { title: `field ${++counter}`, kind: 'choice', options: ['a', 'b'] },
    }),
    need: { kind: 'right', right: 1, userOnly: true },
    status: 201,
  },
  {
    name: 'update custom field',
    method: 'POST',
    request: async (f) => ({
      url: `/projects/${f.project}/fields/${f.field}`,
      body: { title: secret('field') },
    }),
    need: { kind: 'right', right: 1, userOnly: true },
    status: 200,
  },
  {
    name: 'delete custom field',
    method: 'DELETE',
    request: async (f) => {
      const field = await setup<{ id: number }>('PUT', `/projects/${f.project}/fields`, {
        title: secret('field'),
        kind: 'number',
      });
      return { url: `/projects/${f.project}/fields/${field.id}` };
    },
    need: { kind: 'right', right: 1, userOnly: true },
    status: 200,
  },
  {
    name: 'set a custom field value',
    method: 'POST',
    request: async (f) => ({
      url: `/tasks/${f.task}`,
      body: { title: secret('task'), custom_fields: { [f.field]: secret('value') } },
    }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  // Tasks
  {
    name: 'list project tasks',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/tasks` }),
    // Vikunja's 7003 for this list (reference §2.6).
    need: { kind: 'right', right: 0, noAccess: { status: 403, code: 7003 } },
    status: 200,
  },
  {
    name: 'list view tasks',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/views/${f.view}/tasks` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'list all tasks',
    method: 'GET',
    request: async () => ({ url: '/tasks/all' }),
    need: { kind: 'list', right: 0 },
    status: 200,
  },
  {
    name: 'create task',
    method: 'PUT',
    request: async (f) => ({ url: `/projects/${f.project}/tasks`, body: { title: 'new task' } }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'read task',
    method: 'GET',
    request: async (f) => ({ url: `/tasks/${f.task}` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'update task',
    method: 'POST',
    request: async (f) => ({ url: `/tasks/${f.task}`, body: { title: secret('task') } }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'delete task',
    method: 'DELETE',
    request: async (f) => ({ url: `/tasks/${await newTask(f)}` }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  // The trash: entries of projects the caller may write to.
  {
    name: 'list trash',
    method: 'GET',
    request: async (f) => {
      await trashedTask(f);
      return { url: '/trash' };
    },
    need: { kind: 'list', right: 1 },
    status: 200,
  },
  {
    name: 'restore from trash',
    method: 'POST',
    request: async (f) => ({ url: `/trash/${await trashedTask(f)}/restore` }),
    need: { kind: 'right', right: 1, noAccess: TRASH_ENTRY_UNSEEN },
    status: 200,
  },
  {
    name: 'restore several from trash',
    method: 'POST',
    request: async (f) => ({ url: '/trash/restore', body: { trash_ids: [await trashedTask(f)] } }),
    need: { kind: 'right', right: 1, noAccess: TRASH_ENTRY_UNSEEN },
    status: 200,
  },
  {
    name: 'delete from trash',
    method: 'DELETE',
    request: async (f) => ({ url: `/trash/${await trashedTask(f)}` }),
    need: { kind: 'right', right: 1, noAccess: TRASH_ENTRY_UNSEEN },
    status: 200,
  },
  // A deleted project: only its owner (and whoever deleted it, the owner here) may bring it back.
  {
    name: 'restore project from trash',
    method: 'POST',
    request: async () => ({ url: `/trash/${await trashedProject()}/restore` }),
    need: { kind: 'owner', denied: TRASH_ENTRY_UNSEEN },
    status: 200,
  },
  {
    name: 'delete project from trash',
    method: 'DELETE',
    request: async () => ({ url: `/trash/${await trashedProject()}` }),
    need: { kind: 'owner', denied: TRASH_ENTRY_UNSEEN },
    status: 200,
  },
  // Templates: saving needs read on what is saved; a template is its owner's alone.
  {
    name: 'save project as template',
    method: 'PUT',
    request: async (f) => ({ url: `/projects/${f.project}/template`, body: {} }),
    need: { kind: 'right', right: 0, userOnly: true },
    status: 201,
  },
  {
    name: 'save task as template',
    method: 'PUT',
    request: async (f) => ({ url: `/tasks/${f.task}/template`, body: {} }),
    need: { kind: 'right', right: 0, userOnly: true },
    status: 201,
  },
  {
    name: 'list templates',
    method: 'GET',
    request: async (f) => {
      await ownerTemplate(f, 'project');
      return { url: '/templates' };
    },
    need: { kind: 'user' },
    status: 200,
    // The role's own templates (saved above from projects it may read) are listed; the owner's are not.
    check: (body, role) => {
      if (role.name !== 'owner') expect(body).not.toContain('SECRET template');
    },
  },
  {
    name: 'read template',
    method: 'GET',
    request: async (f) => ({ url: `/templates/${await ownerTemplate(f, 'task')}` }),
    need: { kind: 'owner', denied: TEMPLATE_UNSEEN, userOnly: true },
    status: 200,
  },
  {
    name: 'rename template',
    method: 'POST',
    request: async (f) => ({
      url: `/templates/${await ownerTemplate(f, 'task')}`,
      body: { title: 'Renamed' },
    }),
    need: { kind: 'owner', denied: TEMPLATE_UNSEEN, userOnly: true },
    status: 200,
  },
  {
    name: 'delete template',
    method: 'DELETE',
    request: async (f) => ({ url: `/templates/${await ownerTemplate(f, 'task')}` }),
    need: { kind: 'owner', denied: TEMPLATE_UNSEEN, userOnly: true },
    status: 200,
  },
  {
    name: 'create project from template',
    method: 'PUT',
    request: async (f) => ({ url: `/templates/${await ownerTemplate(f, 'project')}/project`, body: {} }),
    need: { kind: 'owner', denied: TEMPLATE_UNSEEN, userOnly: true },
    status: 201,
  },
  {
    name: 'create task from template',
    method: 'PUT',
    request: async (f) => ({
      url: `/templates/${await ownerTemplate(f, 'task')}/task`,
      body: { project_id: f.project },
    }),
    need: { kind: 'owner', denied: TEMPLATE_UNSEEN, userOnly: true },
    status: 201,
  },
  // Labels
  {
    name: 'list labels',
    method: 'GET',
    request: async () => ({ url: '/labels' }),
    need: { kind: 'list', right: 0 },
    status: 200,
  },
  {
    name: 'read label',
    method: 'GET',
    request: async (f) => ({ url: `/labels/${f.label}` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'create label',
    method: 'PUT',
    request: async () => ({ url: '/labels', body: { title: 'mine' } }),
    need: { kind: 'user' },
    status: 201,
  },
  {
    name: 'update label',
    method: 'POST',
    request: async (f) => ({ url: `/labels/${f.label}`, body: { title: secret('label') } }),
    need: { kind: 'owner', denied: NOT_LABEL_CREATOR, userOnly: true },
    status: 200,
  },
  {
    name: 'delete label',
    method: 'DELETE',
    request: async (f) => ({ url: `/labels/${await newLabelOnTask(f)}` }),
    need: { kind: 'owner', denied: NOT_LABEL_CREATOR, userOnly: true },
    status: 200,
  },
  {
    name: 'list task labels',
    method: 'GET',
    request: async (f) => ({ url: `/tasks/${f.task}/labels` }),
    need: { kind: 'right', right: 0, noAccess: { status: 403, code: 4005 } },
    status: 200,
  },
  {
    name: 'add label to task',
    method: 'PUT',
    request: async (f) => ({ url: `/tasks/${await newTask(f)}/labels`, body: { label_id: f.label } }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'remove label from task',
    method: 'DELETE',
    request: async (f) => {
      const task = await newTask(f);
      await setup('PUT', `/tasks/${task}/labels`, { label_id: f.label });
      return { url: `/tasks/${task}/labels/${f.label}` };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'replace task labels',
    method: 'POST',
    request: async (f) => ({
      url: `/tasks/${await newTask(f)}/labels/bulk`,
      body: { labels: [{ id: f.label }] },
    }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  // Sharing with users and teams
  {
    name: 'list user shares',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/users` }),
    need: { kind: 'right', right: 0, noAccess: { status: 403, code: 3004 } },
    status: 200,
  },
  {
    name: 'share with user',
    method: 'PUT',
    request: async (f) => ({
      url: `/projects/${f.project}/users`,
      body: { username: users.extra1.username, right: 0 },
    }),
    need: { kind: 'right', right: 2, userOnly: true },
    status: 201,
  },
  {
    name: 'change user share',
    method: 'POST',
    request: async (f) => {
      await setup('PUT', `/projects/${f.project}/users`, { username: users.extra2.username, right: 0 });
      return { url: `/projects/${f.project}/users/${users.extra2.username}`, body: { right: 1 } };
    },
    need: { kind: 'right', right: 2, userOnly: true },
    status: 200,
  },
  {
    name: 'remove user share',
    method: 'DELETE',
    request: async (f) => {
      await setup('PUT', `/projects/${f.project}/users`, { username: users.extra3.username, right: 0 });
      return { url: `/projects/${f.project}/users/${users.extra3.username}` };
    },
    need: { kind: 'right', right: 2, userOnly: true },
    status: 200,
  },
  {
    name: 'list team shares',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/teams` }),
    need: { kind: 'right', right: 0, noAccess: { status: 403, code: 3004 } },
    status: 200,
  },
  {
    name: 'share with team',
    method: 'PUT',
    request: async (f) => ({
      url: `/projects/${f.project}/teams`,
      body: { team_id: teams.public1, right: 0 },
    }),
    need: { kind: 'right', right: 2, userOnly: true },
    status: 201,
  },
  {
    name: 'change team share',
    method: 'POST',
    request: async (f) => {
      await setup('PUT', `/projects/${f.project}/teams`, { team_id: teams.public2, right: 0 });
      return { url: `/projects/${f.project}/teams/${teams.public2}`, body: { right: 1 } };
    },
    need: { kind: 'right', right: 2, userOnly: true },
    status: 200,
  },
  {
    name: 'remove team share',
    method: 'DELETE',
    request: async (f) => {
      await setup('PUT', `/projects/${f.project}/teams`, { team_id: teams.public3, right: 0 });
      return { url: `/projects/${f.project}/teams/${teams.public3}` };
    },
    need: { kind: 'right', right: 2, userOnly: true },
    status: 200,
  },
  {
    name: 'list project users',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/projectusers` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  // Link shares
  {
    name: 'list link shares',
    method: 'GET',
    request: async (f) => {
      await setup('PUT', `/projects/${f.project}/shares`, { name: secret('share'), right: 2 });
      return { url: `/projects/${f.project}/shares` };
    },
    need: { kind: 'right', right: 2, userOnly: true },
    status: 200,
    check: (body) => expect(JSON.parse(body).every((s: { hash: string }) => s.hash.length === 40)).toBe(true),
  },
  {
    name: 'read link share',
    method: 'GET',
    request: async (f) => {
      const share = await setup<{ id: number }>('PUT', `/projects/${f.project}/shares`, { right: 2 });
      return { url: `/projects/${f.project}/shares/${share.id}` };
    },
    need: { kind: 'right', right: 0, userOnly: true },
    status: 200,
    // The hash is the share's secret: only admins see it.
    check: (body, role) => expect(JSON.parse(body).hash.length).toBe(role.right === 2 ? 40 : 0),
  },
  {
    name: 'create read link share',
    method: 'PUT',
    request: async (f) => ({ url: `/projects/${f.project}/shares`, body: { right: 0 } }),
    need: { kind: 'right', right: 1, userOnly: true },
    status: 201,
  },
  {
    name: 'create admin link share',
    method: 'PUT',
    request: async (f) => ({
      url: `/projects/${f.project}/shares`,
      body: { right: 2, password: 'pw-123456' },
    }),
    need: { kind: 'right', right: 2, userOnly: true },
    status: 201,
  },
  {
    name: 'delete link share',
    method: 'DELETE',
    request: async (f) => {
      const share = await setup<{ id: number }>('PUT', `/projects/${f.project}/shares`, { right: 0 });
      return { url: `/projects/${f.project}/shares/${share.id}` };
    },
    need: { kind: 'right', right: 1, userOnly: true },
    status: 200,
  },
  // Teams
  {
    name: 'list teams',
    method: 'GET',
    request: async () => ({ url: '/teams' }),
    // Vikunja's generic refusal here, not 1023 (reference §5.16).
    need: { kind: 'user', linkShare: { status: 403, code: 1 } },
    status: 200,
  },
  {
    name: 'create team',
    method: 'PUT',
    request: async () => ({ url: '/teams', body: { name: 'mine' } }),
    need: { kind: 'user' },
    status: 201,
  },
  {
    name: "read owner's private team",
    method: 'GET',
    request: async () => ({ url: `/teams/${teams.private}` }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true },
    status: 200,
  },
  {
    name: "update owner's private team",
    method: 'POST',
    request: async () => ({ url: `/teams/${teams.private}`, body: { name: secret('team') } }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true },
    status: 200,
  },
  {
    name: "add member to owner's private team",
    method: 'PUT',
    request: async () => {
      const team = await setup<{ id: number }>('PUT', '/teams', { name: secret('team') });
      return { url: `/teams/${team.id}/members`, body: { username: users.extra1.username } };
    },
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true },
    status: 201,
  },
  // Task parts: assignees, relations, reactions, comments, attachments, bulk, duplicate, position
  {
    name: 'list assignees',
    method: 'GET',
    request: async (f) => ({ url: `/tasks/${f.task}/assignees` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'add assignee',
    method: 'PUT',
    request: async (f) => ({ url: `/tasks/${await newTask(f)}/assignees`, body: { user_id: owner.id } }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'remove assignee',
    method: 'DELETE',
    request: async (f) => {
      const task = await newTask(f);
      await setup('PUT', `/tasks/${task}/assignees`, { user_id: owner.id });
      return { url: `/tasks/${task}/assignees/${owner.id}` };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'replace assignees',
    method: 'POST',
    request: async (f) => ({
      url: `/tasks/${await newTask(f)}/assignees/bulk`,
      body: { assignees: [{ id: owner.id }] },
    }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'relate tasks',
    method: 'PUT',
    request: async (f) => ({
      url: `/tasks/${await newTask(f)}/relations`,
      body: { other_task_id: f.task, relation_kind: 'related' },
    }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'remove relation',
    method: 'DELETE',
    request: async (f) => {
      const task = await newTask(f);
      await setup('PUT', `/tasks/${task}/relations`, { other_task_id: f.task, relation_kind: 'related' });
      return { url: `/tasks/${task}/relations/related/${f.task}` };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'list reactions',
    method: 'GET',
    request: async (f) => ({ url: `/tasks/${f.task}/reactions` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'react',
    method: 'PUT',
    request: async (f) => ({ url: `/tasks/${await newTask(f)}/reactions`, body: { value: '👍' } }),
    need: { kind: 'right', right: 1, userOnly: true, linkShare: FORBIDDEN },
    status: 201,
  },
  {
    name: 'task activity',
    method: 'GET',
    request: async (f) => ({ url: `/tasks/${f.task}/activity` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'project activity',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/activity` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'list comments',
    method: 'GET',
    request: async (f) => ({ url: `/tasks/${f.task}/comments` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'comment',
    method: 'PUT',
    request: async (f) => ({ url: `/tasks/${f.task}/comments`, body: { comment: 'hello' } }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'mark task read',
    method: 'POST',
    request: async (f) => ({ url: `/tasks/${f.task}/read` }),
    // Any user, as the reference has it: it clears only the caller's own mark and answers the same
    // for every task, so it neither changes nor tells anything about tasks the caller cannot see.
    need: { kind: 'user', linkShare: FORBIDDEN },
    status: 200,
  },
  {
    name: 'read comment',
    method: 'GET',
    request: async (f) => {
      const comment = await setup<{ id: number }>('PUT', `/tasks/${f.task}/comments`, {
        comment: secret('comment'),
      });
      return { url: `/tasks/${f.task}/comments/${comment.id}` };
    },
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: "edit owner's comment",
    method: 'POST',
    request: async (f) => {
      const comment = await setup<{ id: number }>('PUT', `/tasks/${f.task}/comments`, {
        comment: secret('comment'),
      });
      return { url: `/tasks/${f.task}/comments/${comment.id}`, body: { comment: secret('comment') } };
    },
    need: { kind: 'right', right: 1, authorOnly: true },
    status: 200,
  },
  {
    name: "delete owner's comment",
    method: 'DELETE',
    request: async (f) => {
      const comment = await setup<{ id: number }>('PUT', `/tasks/${f.task}/comments`, {
        comment: secret('comment'),
      });
      return { url: `/tasks/${f.task}/comments/${comment.id}` };
    },
    need: { kind: 'right', right: 1, authorOnly: true },
    status: 200,
  },
  {
    name: 'list attachments',
    method: 'GET',
    request: async (f) => ({ url: `/tasks/${f.task}/attachments` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'upload attachment',
    method: 'PUT',
    request: async (f) => ({ url: `/tasks/${f.task}/attachments`, body: { file: 'uploaded' } }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'download attachment',
    method: 'GET',
    request: async (f) => {
      const up = await setup<{ success: { id: number }[] }>('PUT', `/tasks/${f.task}/attachments`, {
        file: secret('file'),
      });
      return { url: `/tasks/${f.task}/attachments/${up.success[0].id}` };
    },
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'delete attachment',
    method: 'DELETE',
    request: async (f) => {
      const up = await setup<{ success: { id: number }[] }>('PUT', `/tasks/${f.task}/attachments`, {
        file: secret('file'),
      });
      return { url: `/tasks/${f.task}/attachments/${up.success[0].id}` };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'bulk update tasks',
    method: 'POST',
    request: async (f) => ({
      url: '/tasks/bulk',
      body: { task_ids: [await newTask(f)], fields: ['priority'], values: { priority: 3 } },
    }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'bulk add labels and assignees',
    method: 'POST',
    request: async (f) => ({
      url: '/tasks/bulk',
      body: { task_ids: [await newTask(f)], add_label_ids: [f.label], add_assignee_ids: [owner.id] },
    }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'bulk remove labels and assignees',
    method: 'POST',
    request: async (f) => {
      const task = await newTask(f);
      await setup('PUT', `/tasks/${task}/labels`, { label_id: f.label });
      return {
        url: '/tasks/bulk',
        body: { task_ids: [task], remove_label_ids: [f.label], remove_assignee_ids: [owner.id] },
      };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'bulk delete tasks',
    method: 'POST',
    request: async (f) => ({ url: '/tasks/bulk/delete', body: { task_ids: [await newTask(f)] } }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'duplicate task',
    method: 'PUT',
    request: async (f) => ({ url: `/tasks/${f.task}/duplicate`, body: {} }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'set task position',
    method: 'POST',
    request: async (f) => ({
      url: `/tasks/${f.task}/position`,
      body: { project_view_id: f.view, position: 123 },
    }),
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  // Kanban buckets
  {
    name: 'list buckets',
    method: 'GET',
    request: async (f) => ({ url: `/projects/${f.project}/views/${f.kanban}/buckets` }),
    need: { kind: 'right', right: 0 },
    status: 200,
  },
  {
    name: 'create bucket',
    method: 'PUT',
    request: async (f) => ({ url: `/projects/${f.project}/views/${f.kanban}/buckets`, body: { title: 'b' } }),
    need: { kind: 'right', right: 1 },
    status: 201,
  },
  {
    name: 'update bucket',
    method: 'POST',
    request: async (f) => {
      const bucket = await setup<{ id: number }>('PUT', `/projects/${f.project}/views/${f.kanban}/buckets`, {
        title: secret('bucket'),
      });
      return {
        url: `/projects/${f.project}/views/${f.kanban}/buckets/${bucket.id}`,
        body: { title: secret('bucket') },
      };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'delete bucket',
    method: 'DELETE',
    request: async (f) => {
      const bucket = await setup<{ id: number }>('PUT', `/projects/${f.project}/views/${f.kanban}/buckets`, {
        title: secret('bucket'),
      });
      return { url: `/projects/${f.project}/views/${f.kanban}/buckets/${bucket.id}` };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  {
    name: 'move task to bucket',
    method: 'POST',
    request: async (f) => {
      const bucket = await setup<{ id: number }>('PUT', `/projects/${f.project}/views/${f.kanban}/buckets`, {
        title: secret('bucket'),
      });
      return {
        url: `/projects/${f.project}/views/${f.kanban}/buckets/${bucket.id}/tasks`,
        body: { task_id: await newTask(f) },
      };
    },
    need: { kind: 'right', right: 1 },
    status: 200,
  },
  // Saved filters
  {
    name: 'create saved filter',
    method: 'PUT',
    request: async () => ({ url: '/filters', body: { title: 'mine', filters: { filter: 'done = false' } } }),
    need: { kind: 'user', linkShare: FILTERS_NOT_FOR_LINK_SHARES },
    status: 201,
  },
  {
    name: "read owner's saved filter",
    method: 'GET',
    request: async () => ({ url: `/filters/${(await newFilter()).id}` }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true, linkShare: FILTERS_NOT_FOR_LINK_SHARES },
    status: 200,
  },
  {
    name: "update owner's saved filter",
    method: 'POST',
    request: async () => ({
      url: `/filters/${(await newFilter()).id}`,
      body: { title: secret('filter'), filters: { filter: 'done = true' } },
    }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true, linkShare: FILTERS_NOT_FOR_LINK_SHARES },
    status: 200,
  },
  {
    name: "delete owner's saved filter",
    method: 'DELETE',
    request: async () => ({ url: `/filters/${(await newFilter()).id}` }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true, linkShare: FILTERS_NOT_FOR_LINK_SHARES },
    status: 200,
  },
  {
    name: "read owner's saved-filter project",
    method: 'GET',
    request: async () => ({ url: `/projects/${-(await newFilter()).id - 1}` }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true, linkShare: FILTERS_NOT_FOR_LINK_SHARES },
    status: 200,
  },
  {
    name: "toggle admin in owner's team",
    method: 'POST',
    request: async () => ({
      url: `/teams/${(await newTeamWithExtra()).id}/members/${users.extra1.username}/admin`,
    }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true },
    status: 200,
  },
  {
    name: "remove member from owner's team",
    method: 'DELETE',
    request: async () => ({
      url: `/teams/${(await newTeamWithExtra()).id}/members/${users.extra1.username}`,
    }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true },
    status: 200,
  },
  {
    name: "delete owner's team",
    method: 'DELETE',
    request: async () => ({ url: `/teams/${(await newTeamWithExtra()).id}` }),
    need: { kind: 'owner', denied: FORBIDDEN, userOnly: true },
    status: 200,
  },
  {
    name: 'remove own reaction',
    method: 'POST',
    request: async (f) => ({ url: `/tasks/${f.task}/reactions/delete`, body: { value: '👍' } }),
    need: { kind: 'right', right: 1, userOnly: true, linkShare: FORBIDDEN },
    status: 200,
  },
  // The account
  {
    name: 'current user',
    method: 'GET',
    request: async () => ({ url: '/user' }),
    need: { kind: 'any' },
    status: 200,
  },
  {
    name: 'check token',
    method: 'GET',
    request: async () => ({ url: '/token/test' }),
    need: { kind: 'any' },
    status: 200,
  },
  {
    name: 'save general settings',
    method: 'POST',
    request: async () => ({ url: '/user/settings/general', body: {} }),
    need: { kind: 'user' },
    status: 200,
  },
  {
    name: 'renew token',
    method: 'POST',
    request: async () => ({ url: '/user/token' }),
    need: { kind: 'any' },
    status: 200,
  },
  {
    name: 'general settings',
    method: 'GET',
    request: async () => ({ url: '/user/settings/general' }),
    need: { kind: 'user' },
    status: 200,
  },
  {
    name: 'time zones',
    method: 'GET',
    request: async () => ({ url: '/user/timezones' }),
    need: { kind: 'user' },
    status: 200,
  },
  {
    name: 'search users',
    method: 'GET',
    request: async () => ({ url: '/users?s=mx-owner' }),
    need: { kind: 'user' },
    status: 200,
  },
  // Last, as it removes the role's project.
  {
    name: 'delete project',
    method: 'DELETE',
    request: async (f) => ({ url: `/projects/${f.project}` }),
    need: { kind: 'right', right: 2 },
    status: 200,
  },
];

type Expected = { ok: true; seesSecret?: boolean } | { ok: false; denial: Denial };

function expectedOutcome(role: RoleDef, need: Need): Expected {
  if (role.kind === 'anonymous' || role.kind === 'deleted') return { ok: false, denial: INVALID_TOKEN };
  const isLink = role.kind === 'link';
  switch (need.kind) {
    case 'any':
      return { ok: true };
    case 'user':
      return isLink ? { ok: false, denial: need.linkShare ?? LINK_SHARE_REFUSED } : { ok: true };
    case 'list':
      return { ok: true, seesSecret: role.right !== null && role.right >= need.right };
    case 'owner':
      if (isLink && need.userOnly) return { ok: false, denial: need.linkShare ?? LINK_SHARE_REFUSED };
      return role.name === 'owner' ? { ok: true } : { ok: false, denial: need.denied };
    case 'right':
      if (isLink && need.userOnly) return { ok: false, denial: need.linkShare ?? LINK_SHARE_REFUSED };
      if (role.right === null) return { ok: false, denial: need.noAccess ?? FORBIDDEN };
      if (role.right < need.right) return { ok: false, denial: need.tooLow ?? FORBIDDEN };
      if (need.authorOnly && role.name !== 'owner') return { ok: false, denial: FORBIDDEN };
      return { ok: true };
  }
}

/** Builds the role's project and its one grant; answers the fixture with the role's token. */
async function fixtureFor(role: RoleDef, index: number): Promise<Fixture> {
  const root = await setup<{ id: number }>('PUT', '/projects', { title: secret('root') });
  const project = await setup<{ id: number; views: { id: number; view_kind: string }[] }>(
    'PUT',
    '/projects',
    {
      title: secret('project'),
      parent_project_id: root.id,
    },
  );
  const kanban = project.views.find((v) => v.view_kind === 'kanban');
  const f: Fixture = {
    root: root.id,
    project: project.id,
    view: project.views[0].id,
    kanban: kanban?.id ?? 0,
    task: 0,
    label: 0,
    field: 0,
    token: '',
  };
  f.field = (
    await setup<{ id: number }>('PUT', `/projects/${f.project}/fields`, {
      title: secret('field'),
      kind: 'text',
    })
  ).id;
  f.task = (
    await setup<{ id: number }>('PUT', `/projects/${f.project}/tasks`, {
      title: secret('task'),
      custom_fields: { [f.field]: secret('value') },
    })
  ).id;
  f.label = await newLabelOnTask(f);
  const [, kind, rightName] = role.name.match(/^(user|team|parent|link) share (admin|write|read)/) ?? [];
  const right = { admin: 2, write: 1, read: 0 }[rightName as 'admin'] as Right;
  const account = users[`role${index}`];
  if (role.name === 'owner') f.token = owner.token;
  else if (kind === 'user') {
    await setup('PUT', `/projects/${f.project}/users`, { username: account.username, right });
    f.token = account.token;
    f.revoke = () => setup('DELETE', `/projects/${f.project}/users/${account.username}`);
  } else if (kind === 'parent') {
    await setup('PUT', `/projects/${f.root}/users`, { username: account.username, right });
    f.token = account.token;
    f.revoke = () => setup('DELETE', `/projects/${f.root}/users/${account.username}`);
  } else if (kind === 'team') {
    const team = await setup<{ id: number }>('PUT', '/teams', { name: secret('team') });
    await setup('PUT', `/teams/${team.id}/members`, { username: account.username });
    await setup('PUT', `/projects/${f.project}/teams`, { team_id: team.id, right });
    f.token = account.token;
    f.revoke = () => setup('DELETE', `/projects/${f.project}/teams/${team.id}`);
  } else if (kind === 'link' || role.kind === 'deleted') {
    const password = role.name.includes('password') ? 'link-pass-1' : undefined;
    const share = await setup<{ id: number; hash: string }>('PUT', `/projects/${f.project}/shares`, {
      right: right ?? 0,
      password,
    });
    const auth = await t.request('POST', `/api/v1/shares/${share.hash}/auth`, {
      body: password ? { password } : {},
    });
    f.token = auth.json().token;
    if (role.kind === 'deleted') await setup('DELETE', `/projects/${f.project}/shares/${share.id}`);
  } else if (role.kind === 'user') {
    f.token = account.token;
  }
  return f;
}

beforeAll(async () => {
  t = await createTestApp({ ORDO_PUBLIC_TEAMS: 'true' });
  const signUp = async (username: string) => ({ ...(await t.signUp(username)), username });
  owner = await signUp('mx-owner');
  for (const name of ['extra1', 'extra2', 'extra3']) users[name] = await signUp(`mx-${name}`);
  for (let i = 1; i < ROLES.length; i++) {
    if (ROLES[i].kind === 'user') users[`role${i}`] = await signUp(`mx-role${i}`);
  }
  teams.private = (await setup<{ id: number }>('PUT', '/teams', { name: secret('team') })).id;
  for (const name of ['public1', 'public2', 'public3']) {
    teams[name] = (
      await setup<{ id: number }>('PUT', '/teams', { name: `open ${name}`, is_public: true })
    ).id;
  }
}, 60_000);
afterAll(async () => t.close());

describe('authorization matrix', () => {
  it(`checks ${ROLES.length} roles × ${OPERATIONS.length} operations`, async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const [index, role] of ROLES.entries()) {
      const f = await fixtureFor(role, index);
      const token = role.kind === 'anonymous' ? '' : f.token;
      for (const op of OPERATIONS) {
        cases++;
        const { url, body } = await op.request(f, role);
        const res = await as(
          token,
          op.method,
          url,
          body ?? (op.method === 'GET' || op.method === 'DELETE' ? undefined : {}),
        );
        const expected = expectedOutcome(role, op.need);
        const label = `${role.name} → ${op.name} (${op.method} ${url}): got ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (expected.ok) {
          if (res.statusCode !== op.status) failures.push(`${label}; expected ${op.status}`);
          else if (expected.seesSecret !== undefined && res.body.includes('SECRET') !== expected.seesSecret) {
            failures.push(
              `${label}; expected the owner's data ${expected.seesSecret ? 'in' : 'not in'} the list`,
            );
          } else if (op.check) {
            try {
              op.check(res.body, role);
            } catch (error) {
              failures.push(`${label}; ${String(error)}`);
            }
          }
        } else {
          const code = res.headers['content-type']?.toString().includes('json') ? res.json().code : undefined;
          if (res.statusCode !== expected.denial.status || code !== expected.denial.code) {
            failures.push(`${label}; expected ${expected.denial.status} code ${expected.denial.code}`);
          } else if (res.body.includes('SECRET')) {
            failures.push(`${label}; a refused request returned the owner's data`);
          }
        }
      }
    }
    console.log(
      `authorization matrix: ${ROLES.length} roles × ${OPERATIONS.length} operations = ${cases} cases`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

/**
 * The live channel under the same roles: a socket hears a project's changes and who is at its
 * tasks only when its user may read the project; link shares, anonymous callers and deleted shares
 * cannot sign a socket in at all; a revoked grant ends both, with the notice, and nothing after.
 */
describe('the live channel, for every role', () => {
  type Frame = { action?: string; error?: string; event?: string; data?: { project_id?: number } };

  it('lets only readers of a project hear its changes and presence, until their grant is revoked', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const failures: string[] = [];
    const ownerAtTask = await LiveClient.open(`ws://127.0.0.1:${port}/api/v1/ws`);
    await ownerAtTask.auth(owner.token);
    for (const [index, role] of ROLES.entries()) {
      const f = await fixtureFor(role, index);
      const mayRead = role.kind === 'user' && role.right !== null;
      const fail = (what: string) => failures.push(`${role.name}: ${what}`);
      const about = (frames: Frame[]) => frames.filter((frame) => frame.data?.project_id === f.project);
      const socket = await LiveClient.open(`ws://127.0.0.1:${port}/api/v1/ws`);
      try {
        socket.send({ action: 'auth', token: role.kind === 'anonymous' ? '' : f.token });
        const auth = (await socket.next()) as Frame;
        if (role.kind !== 'user') {
          if (auth.error !== 'invalid_token') fail(`signed a socket in: ${JSON.stringify(auth)}`);
          continue;
        }
        socket.send({ action: 'subscribe', event: 'project.changes', project_id: f.project });
        const subscribed = (await socket.next()) as Frame;
        if ((subscribed.action === 'subscribe.success') !== mayRead)
          fail(`subscribing answered ${JSON.stringify(subscribed)}`);
        socket.send({
          action: 'subscribe',
          event: 'project.presence',
          project_id: f.project,
          place: `task:${f.task}`,
        });
        const entered = (await socket.next()) as Frame;
        if ((entered.action === 'subscribe.success') !== mayRead)
          fail(`entering answered ${JSON.stringify(entered)}`);

        // The owner comes to the task and changes the project.
        ownerAtTask.send({ action: 'subscribe', event: 'project.changes', project_id: f.project });
        ownerAtTask.send({
          action: 'subscribe',
          event: 'project.presence',
          project_id: f.project,
          place: `task:${f.task}`,
        });
        await newTask(f);
        await t.app.ordo.liveChanges.settled();
        const heard = about((await socket.within(150)) as Frame[]);
        const events = heard.map((frame) => frame.event);
        if (mayRead && (!events.includes('task.created') || !events.includes('project.presence')))
          fail(`a reader heard only ${JSON.stringify(events)}`);
        if (!mayRead && heard.length > 0) fail(`heard what it may not read: ${JSON.stringify(heard)}`);

        if (mayRead && f.revoke) {
          await f.revoke();
          await t.app.ordo.liveChanges.settled();
          const afterRevoke = about((await socket.within(150)) as Frame[]).map((frame) => frame.event);
          if (!afterRevoke.includes('project.access_revoked')) fail(`no revocation notice: ${afterRevoke}`);
          await newTask(f);
          await t.app.ordo.liveChanges.settled();
          const afterwards = about((await socket.within(150)) as Frame[]);
          if (afterwards.length > 0) fail(`heard after its grant was revoked: ${JSON.stringify(afterwards)}`);
        }
      } finally {
        socket.close();
        ownerAtTask.send({ action: 'unsubscribe', event: 'project.changes', project_id: f.project });
        await ownerAtTask.within(50);
      }
    }
    ownerAtTask.close();
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('regressions Vikunja had', () => {
  it('a link-share listing never leaks the hashes of other projects’ shares', async () => {
    const mine = await setup<{ id: number }>('PUT', '/projects', { title: 'regression mine' });
    const theirs = await setup<{ id: number }>('PUT', '/projects', { title: 'regression theirs' });
    const own = await setup<{ hash: string }>('PUT', `/projects/${mine.id}/shares`, {
      name: 'shared',
      right: 0,
    });
    const other = await setup<{ hash: string }>('PUT', `/projects/${theirs.id}/shares`, {
      name: 'shared too',
      right: 2,
    });
    for (const query of ['', '?s=shared', '?s=too', '?page=0', '?s=%25']) {
      const res = await as(owner.token, 'GET', `/projects/${mine.id}/shares${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(other.hash);
    }
    // An admin link share cannot list or read shares at all, so it cannot escalate to another share.
    const token = (await t.request('POST', `/api/v1/shares/${own.hash}/auth`, { body: {} })).json().token;
    const adminShare = await setup<{ hash: string }>('PUT', `/projects/${mine.id}/shares`, { right: 2 });
    const adminToken = (
      await t.request('POST', `/api/v1/shares/${adminShare.hash}/auth`, { body: {} })
    ).json().token;
    for (const tk of [token, adminToken]) {
      const res = await as(tk, 'GET', `/projects/${mine.id}/shares`);
      expect(res.json().code).toBe(1023);
      expect(res.body).not.toContain(own.hash);
    }
  });

  it('share secrets never reach read-only users', async () => {
    const p = await setup<{ id: number }>('PUT', '/projects', { title: 'secrets' });
    const reader = users.extra1;
    await setup('PUT', `/projects/${p.id}/users`, { username: reader.username, right: 0 });
    const share = await setup<{ id: number; hash: string }>('PUT', `/projects/${p.id}/shares`, {
      right: 2,
      password: 'very-secret-pw',
    });
    const responses = await Promise.all([
      as(reader.token, 'GET', `/projects/${p.id}`),
      as(reader.token, 'GET', `/projects/${p.id}/shares`),
      as(reader.token, 'GET', `/projects/${p.id}/shares/${share.id}`),
      as(reader.token, 'GET', `/projects/${p.id}/users`),
      as(reader.token, 'GET', '/projects?expand=rights'),
    ]);
    for (const res of responses) {
      expect(res.body).not.toContain(share.hash);
      expect(res.body).not.toContain('very-secret-pw');
    }
    expect(responses[1].statusCode).toBe(403);
    expect(responses[2].json()).toMatchObject({ id: share.id, hash: '', password: '' });
    // The password is write-only even for the admin who set it.
    const asAdmin = await as(owner.token, 'GET', `/projects/${p.id}/shares`);
    expect(asAdmin.body).not.toContain('very-secret-pw');
    expect(asAdmin.json()[0]).toMatchObject({ hash: share.hash, password: '', sharing_type: 2 });
  });
});
