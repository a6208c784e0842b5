/**
 * A project with an owner, a read-only share, a write share and a stranger, for the rights
 * checks every sub-resource test makes (owner vs. read-only share vs. stranger).
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

export interface Person {
  token: string;
  id: number;
  username: string;
}

export interface SharedProject {
  projectId: number;
  owner: Person;
  reader: Person;
  writer: Person;
  stranger: Person;
  /** Creates a task in the project as the owner (extra body fields allowed). */
  task(title?: string, extra?: Record<string, unknown>): Promise<{ id: number } & Record<string, unknown>>;
}

export async function sharedProject(t: TestApp, prefix: string): Promise<SharedProject> {
  const person = async (name: string): Promise<Person> => ({
    ...(await t.signUp(`${prefix}${name}`)),
    username: `${prefix}${name}`,
  });
  const [owner, reader, writer, stranger] = [
    await person('owner'),
    await person('reader'),
    await person('writer'),
    await person('stranger'),
  ];
  const project = await t.request('PUT', '/api/v1/projects', {
    token: owner.token,
    body: { title: `${prefix} project` },
  });
  expect(project.statusCode, project.body).toBe(201);
  const projectId = project.json().id as number;
  for (const [who, right] of [
    [reader, 0],
    [writer, 1],
  ] as const) {
    const share = await t.request('PUT', `/api/v1/projects/${projectId}/users`, {
      token: owner.token,
      body: { username: who.username, right },
    });
    expect(share.statusCode, share.body).toBe(201);
  }
  return {
    projectId,
    owner,
    reader,
    writer,
    stranger,
    async task(title = 'Task', extra = {}) {
      const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
        token: owner.token,
        body: { title, ...extra },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
  };
}
