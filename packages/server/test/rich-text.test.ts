/**
 * Every rich-text field through every path that writes it: what is read back has no script, event
 * handler or javascript:/data:/vbscript: URL, while a document the editor wrote comes back byte for
 * byte. The shared documents are in src/modules/rich-text/sample-documents.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITOR_DOCUMENT,
  HOSTILE_DOCUMENT,
  HOSTILE_DOCUMENT_CLEANED,
} from '../src/modules/rich-text/sample-documents.js';
import { tickTickCsv, vikunjaExportData, zipOf } from './support/import-fixtures.js';
import { importEnded } from './support/import-status.js';
import { linkShareToken } from './support/link-share-login.js';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let projectId: number;
let share: string;

async function call(method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, token = owner.token) {
  const res = await t.request(method, `/api/v1${url}`, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function newTask(description = '', token = owner.token): Promise<number> {
  return (await call('PUT', `/projects/${projectId}/tasks`, { title: 'T', description }, token)).id;
}
const taskDescription = async (id: number) => (await call('GET', `/tasks/${id}`)).description;

async function newComment(taskId: number, comment: string, token = owner.token): Promise<string> {
  const made = await call('PUT', `/tasks/${taskId}/comments`, { comment }, token);
  return (await call('GET', `/tasks/${taskId}/comments/${made.id}`)).comment;
}

const projectDescription = async (id: number) => (await call('GET', `/projects/${id}`)).description;
let filterCount = 0;
async function newFilter(description = ''): Promise<number> {
  filterCount += 1;
  const body = { title: `F${filterCount}`, description, filters: { filter: 'done = false' } };
  return (await call('PUT', '/filters', body)).id;
}
const filterDescription = async (id: number) => (await call('GET', `/filters/${id}`)).description;
const teamDescription = async (id: number) => (await call('GET', `/teams/${id}`)).description;
const labelDescription = async (id: number) => (await call('GET', `/labels/${id}`)).description;

/** Each path writes `html` into its field and answers the field as the API then shows it. */
const writePaths: Record<string, (html: string) => Promise<string>> = {
  'task create': async (html) => taskDescription(await newTask(html)),
  'task update': async (html) => {
    const id = await newTask();
    await call('POST', `/tasks/${id}`, { title: 'T', description: html });
    return taskDescription(id);
  },
  'task bulk update (v0.24 body)': async (html) => {
    const id = await newTask();
    await call('POST', '/tasks/bulk', { task_ids: [id], description: html });
    return taskDescription(id);
  },
  'task bulk update (v1 body)': async (html) => {
    const id = await newTask();
    await call('POST', '/tasks/bulk', {
      task_ids: [id],
      fields: ['description'],
      values: { description: html },
    });
    return taskDescription(id);
  },
  'task create by a link share': async (html) => taskDescription(await newTask(html, share)),
  'task duplicate': async (html) => {
    const copy = await call('PUT', `/tasks/${await newTask(html)}/duplicate`);
    return taskDescription(copy.duplicated_task.id);
  },
  'comment create': async (html) => newComment(await newTask(), html),
  'comment update': async (html) => {
    const taskId = await newTask();
    const made = await call('PUT', `/tasks/${taskId}/comments`, { comment: 'first' });
    await call('POST', `/tasks/${taskId}/comments/${made.id}`, { comment: html });
    return (await call('GET', `/tasks/${taskId}/comments/${made.id}`)).comment;
  },
  'comment create by a link share': async (html) => newComment(await newTask(), html, share),
  'project create': async (html) =>
    projectDescription((await call('PUT', '/projects', { title: 'P', description: html })).id),
  'project update': async (html) => {
    const id = (await call('PUT', '/projects', { title: 'P' })).id;
    await call('POST', `/projects/${id}`, { title: 'P', description: html });
    return projectDescription(id);
  },
  'project duplicate': async (html) => {
    const id = (await call('PUT', '/projects', { title: 'P', description: html })).id;
    const copy = await call('PUT', `/projects/${id}/duplicate`, {});
    return projectDescription((copy.duplicated_project ?? copy).id);
  },
  'saved filter create': async (html) => filterDescription(await newFilter(html)),
  'saved filter update': async (html) => {
    const id = await newFilter();
    await call('POST', `/filters/${id}`, {
      title: 'F',
      description: html,
      filters: { filter: 'done = false' },
    });
    return filterDescription(id);
  },
  'saved filter update through its project': async (html) => {
    const id = await newFilter();
    await call('POST', `/projects/${-(id + 1)}`, { title: 'F', description: html });
    return filterDescription(id);
  },
  'team create': async (html) =>
    teamDescription((await call('PUT', '/teams', { name: 'Crew', description: html })).id),
  'team update': async (html) => {
    const id = (await call('PUT', '/teams', { name: 'Crew' })).id;
    await call('POST', `/teams/${id}`, { name: 'Crew', description: html });
    return teamDescription(id);
  },
  'label create': async (html) =>
    labelDescription((await call('PUT', '/labels', { title: 'L', description: html })).id),
  'label update': async (html) => {
    const id = (await call('PUT', '/labels', { title: 'L' })).id;
    await call('POST', `/labels/${id}`, { title: 'L', description: html, hex_color: '' });
    return labelDescription(id);
  },
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('rita');
  projectId = (await call('PUT', '/projects', { title: 'Home' })).id;
  share = (await linkShareToken(t, owner.token, projectId, { name: 'Editors', right: 2 })).token;
});
afterAll(async () => t.close());

describe('rich text on every write path', () => {
  it.each(Object.keys(writePaths))('%s: drops scripts, handlers and unsafe URLs', async (path) => {
    const stored = await writePaths[path](HOSTILE_DOCUMENT);
    expect(stored).toBe(HOSTILE_DOCUMENT_CLEANED);
    expect(stored).not.toMatch(/<script|onerror|onclick|javascript:|data:|vbscript:/i);
  });

  it.each(Object.keys(writePaths))('%s: keeps the editor’s document byte for byte', async (path) => {
    expect(await writePaths[path](EDITOR_DOCUMENT)).toBe(EDITOR_DOCUMENT);
  });
});

describe('rich text of imports', () => {
  async function importFile(name: string, data: Buffer | string, filename: string) {
    const { body, contentType } = multipart([
      { name: filename, type: 'application/octet-stream', data, field: 'import' },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/migration/${name}/migrate`,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await importEnded(t, name, owner.token)).toMatchObject({ state: 'done' });
  }

  const projectIds = async (): Promise<number[]> =>
    (await call('GET', '/projects?per_page=500&is_archived=true')).map((p: { id: number }) => p.id);

  /** Imports a Vikunja export whose project, task, label and comment carry `html`. */
  async function importVikunja(html: string, labelTitle: string) {
    const data = vikunjaExportData();
    const work = data[0];
    work.description = html;
    // The fixture's tasks differ in shape; this one carries comments.
    const spec = work.tasks.find((task) => task.id === 1000) as unknown as {
      description: string;
      labels: unknown[];
      comments: Record<string, unknown>[];
    };
    spec.description = html;
    spec.labels = [{ id: 3, title: labelTitle, hex_color: 'ff0000', description: html }];
    // Written by the importing user, so it carries no other author's name above it.
    const own = { ...(spec.comments[0].author as object), username: 'rita' };
    spec.comments = [{ ...spec.comments[0], comment: html, author: own }];
    const before = new Set(await projectIds());
    await importFile(
      'vikunja-file',
      await zipOf({ VERSION: 'v0.24.1', 'data.json': JSON.stringify(data) }),
      'export.zip',
    );
    const imported = (await projectIds()).filter((id) => !before.has(id));
    const project = (await Promise.all(imported.map((id) => call('GET', `/projects/${id}`)))).find(
      (p) => p.title === 'Work',
    );
    const tasks = await call(
      'GET',
      `/tasks?filter=${encodeURIComponent(`project = ${project.id}`)}&per_page=50`,
    );
    const task = tasks.find((x: { title: string }) => x.title === 'Write the spec');
    const label = (await call('GET', `/labels?s=${labelTitle}`)).find(
      (l: { title: string }) => l.title === labelTitle,
    );
    const comments = await call('GET', `/tasks/${task.id}/comments`);
    return [
      project.description,
      (await call('GET', `/tasks/${task.id}`)).description,
      label.description,
      comments[0].comment,
    ];
  }

  it('cleans every rich-text field of a Vikunja export', async () => {
    expect(await importVikunja(HOSTILE_DOCUMENT, 'hostile')).toEqual(Array(4).fill(HOSTILE_DOCUMENT_CLEANED));
  });

  it('keeps the editor’s documents of a Vikunja export byte for byte', async () => {
    expect(await importVikunja(EDITOR_DOCUMENT, 'editor')).toEqual(Array(4).fill(EDITOR_DOCUMENT));
  });

  it('stores a TickTick task’s markup-like content as text', async () => {
    const csv = tickTickCsv().replace(
      '"Line one\nLine <two>"',
      '"<script>alert(1)</script><img src=x onerror=alert(2)>"',
    );
    await importFile('ticktick', csv, 'ticktick.csv');
    const found = await call('GET', `/tasks?s=${encodeURIComponent('Plan the launch')}&per_page=50`);
    const descriptions = found.map((x: { description: string }) => x.description);
    expect(descriptions).toContain(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</p>',
    );
  });
});

describe('rich text through CalDAV', () => {
  it('stores a DESCRIPTION as text, never as markup', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VTODO',
      'UID:rich-text-1',
      'SUMMARY:From the phone',
      'DESCRIPTION:<img src=x onerror=alert(1)><a href="javascript:alert(2)">x</a>',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/dav/projects/${projectId}/rich-text-1.ics`,
      headers: {
        authorization: `Basic ${Buffer.from('rita:tidy-otter-42').toString('base64')}`,
        'content-type': 'text/calendar',
      },
      payload: ics,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const found = await call('GET', `/tasks?s=${encodeURIComponent('From the phone')}`);
    expect(found[0].description).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;&lt;a href="javascript:alert(2)"&gt;x&lt;/a&gt;</p>',
    );
  });
});
