import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './support/multipart.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'dup');
});
afterAll(async () => t.close());

function upload(taskId: number, name: string, data: string) {
  const { body, contentType } = multipart([{ name, type: 'text/plain', data }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/tasks/${taskId}/attachments`,
    headers: { authorization: `Bearer ${p.owner.token}`, 'content-type': contentType },
    payload: body,
  });
}

describe('task duplicate', () => {
  it('copies fields, assignees, reminders, labels, attachments and cover, and relates the copy', async () => {
    const task = await p.task('Original', {
      description: '<p>details</p>',
      priority: 3,
      due_date: '2040-01-01T10:00:00Z',
      assignees: [{ id: p.reader.id }],
      reminders: [{ relative_to: 'due_date', relative_period: -600 }],
    });
    const label = (
      await t.request('PUT', '/api/v1/labels', { token: p.owner.token, body: { title: 'Dup' } })
    ).json();
    await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: p.owner.token,
      body: { label_id: label.id },
    });
    const [att] = (await upload(task.id, 'notes.txt', 'the notes')).json().success;
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: {
        title: 'Original',
        description: '<p>details</p>',
        priority: 3,
        due_date: '2040-01-01T10:00:00Z',
        assignees: [{ id: p.reader.id }],
        reminders: [{ relative_to: 'due_date', relative_period: -600 }],
        cover_image_attachment_id: att.id,
      },
    });

    const res = await t.request('PUT', `/api/v1/tasks/${task.id}/duplicate`, {
      token: p.owner.token,
      body: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().duplicated_task;
    expect(copy.id).not.toBe(task.id);
    expect(copy).toMatchObject({
      title: 'Original',
      description: '<p>details</p>',
      priority: 3,
      due_date: '2040-01-01T10:00:00Z',
      project_id: p.projectId,
      index: (task.index as number) + 1,
      reminders: [{ reminder: '2040-01-01T09:50:00Z', relative_period: -600, relative_to: 'due_date' }],
    });
    expect(copy.assignees.map((u: { id: number }) => u.id)).toEqual([p.reader.id]);
    expect(copy.labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    expect(copy.attachments).toHaveLength(1);
    expect(copy.attachments[0].id).not.toBe(att.id);
    expect(copy.attachments[0].file.id).not.toBe(att.file.id);
    expect(copy.cover_image_attachment_id).toBe(copy.attachments[0].id);
    expect(copy.related_tasks.copiedfrom.map((x: { id: number }) => x.id)).toEqual([task.id]);
    const original = (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json();
    expect(original.related_tasks.copiedto.map((x: { id: number }) => x.id)).toEqual([copy.id]);

    const bytes = await t.request('GET', `/api/v1/tasks/${copy.id}/attachments/${copy.attachments[0].id}`, {
      token: p.owner.token,
    });
    expect(bytes.body).toBe('the notes');
    // The copy's file is its own: deleting the original's attachment leaves it.
    await t.request('DELETE', `/api/v1/tasks/${task.id}/attachments/${att.id}`, { token: p.owner.token });
    const still = await t.request('GET', `/api/v1/tasks/${copy.id}/attachments/${copy.attachments[0].id}`, {
      token: p.owner.token,
    });
    expect(still.body).toBe('the notes');
  });

  it('needs write: read-only shares and strangers get 403, a missing task 4002', async () => {
    const task = await p.task('Guarded');
    expect(
      (await t.request('PUT', `/api/v1/tasks/${task.id}/duplicate`, { token: p.reader.token, body: {} }))
        .statusCode,
    ).toBe(403);
    const stranger = await t.request('PUT', `/api/v1/tasks/${task.id}/duplicate`, {
      token: p.stranger.token,
      body: {},
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Guarded');
    expect(
      (await t.request('PUT', `/api/v1/tasks/${task.id}/duplicate`, { token: p.writer.token, body: {} }))
        .statusCode,
    ).toBe(201);
    const missing = await t.request('PUT', '/api/v1/tasks/999999/duplicate', {
      token: p.owner.token,
      body: {},
    });
    expect(missing.json().code).toBe(4002);
  });
});
