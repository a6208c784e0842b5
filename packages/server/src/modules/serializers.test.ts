/**
 * The serialisers send what core's contract describes: every required key, in the schema's order
 * (the order Vikunja sends them), and values of the schema's types.
 */
import {
  ApiTokenSchema,
  BucketSchema,
  CustomFieldSchema,
  CustomFieldValuesSchema,
  LabelSchema,
  MarkedNotificationSchema,
  NotificationSchema,
  ProjectSchema,
  ProjectTeamShareSchema,
  ProjectUserShareSchema,
  ProjectViewSchema,
  TaskSchema,
  UserSchema,
} from '@ordo/core';
import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import type {
  ApiTokenRow,
  BucketRow,
  LabelRow,
  NotificationRow,
  ProjectFieldRow,
  ProjectRow,
  ProjectViewRow,
  TaskRow,
  UserRow,
} from '../db/schema.js';
import { normalValue, serializeField, wireValue } from './custom-fields/serialize.js';
import { serializeLabel } from './labels/serialize.js';
import { serializeMarkedNotification, serializeNotification } from './notifications/serialize.js';
import { favoritesProject, serializeProject } from './projects/serialize.js';
import type { ShareRow } from './sharing/project-shares-repo.js';
import { serializeTeamShare, serializeUserShare } from './sharing/serialize.js';
import { baseTask } from './tasks/serialize.js';
import { serializeApiToken } from './tokens/serialize.js';
import { publicUser } from './users/serialize.js';
import { serializeBucket, serializeView } from './views/serialize.js';

const when = '2026-01-02T03:04:05Z';

/** The keys an answer always carries, in the contract's order. */
function requiredKeys(schema: TObject): string[] {
  const required = new Set(schema.required ?? []);
  return Object.keys(schema.properties).filter((key) => required.has(key));
}

function expectShape(schema: TObject, value: unknown) {
  // JSON leaves undefined out: an optional key's empty slot (tasks/serialize.ts) is not sent.
  const sent = Object.entries(value as object).filter(([, v]) => v !== undefined);
  expect(sent.map(([key]) => key)).toEqual(requiredKeys(schema));
  expect([...Value.Errors(schema, value)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
}

const user = { id: 1, name: 'Ada', username: 'ada', created: when, updated: when } as UserRow;

describe('serialisers against the contract', () => {
  it('task', () => {
    const row = {
      id: 7,
      project_id: 2,
      title: 'Write',
      description: '',
      done: 0,
      done_at: null,
      due_date: '2026-02-01 10:00:00',
      start_date: null,
      end_date: null,
      repeat_after: 0,
      repeat_mode: 0,
      repeat_rule: '',
      priority: 3,
      hex_color: '',
      percent_done: 0.5,
      index: 4,
      uid: 'u',
      cover_image_attachment_id: 0,
      created_by_id: 1,
      created: when,
      updated: when,
    } as unknown as TaskRow;
    expectShape(TaskSchema, baseTask(row, { position: 3, bucket_id: 9 }));
  });

  it('project, view, bucket, label, user', () => {
    const project = {
      id: 2,
      title: 'Home',
      description: '',
      identifier: 'HOME',
      hex_color: '',
      owner_id: 1,
      parent_project_id: 0,
      is_archived: 0,
      background_file_id: null,
      background_blur_hash: '',
      position: 65536,
      created: when,
      updated: when,
    } as unknown as ProjectRow;
    const view = {
      id: 3,
      project_id: 2,
      title: 'Kanban',
      view_kind: 'kanban',
      filter: null,
      position: 400,
      bucket_configuration_mode: 'manual',
      bucket_configuration: null,
      default_bucket_id: 0,
      done_bucket_id: 0,
      created: when,
      updated: when,
    } as unknown as ProjectViewRow;
    const serializedView = serializeView(view);
    expectShape(ProjectViewSchema, serializedView);
    expectShape(
      ProjectSchema,
      serializeProject(project, { owner: user, views: [serializedView], isFavorite: false, maxRight: null }),
    );
    expectShape(ProjectSchema, favoritesProject(user, 2));
    const bucket = {
      id: 5,
      title: 'Doing',
      project_view_id: 3,
      limit: 0,
      position: 1,
      created_by_id: 1,
      created: when,
      updated: when,
    } as unknown as BucketRow;
    expectShape(BucketSchema, serializeBucket(bucket, user, 2));
    const label = {
      id: 6,
      title: 'Urgent',
      description: '',
      hex_color: 'e8e8e8',
      created_by_id: 1,
      created: when,
      updated: when,
    } as unknown as LabelRow;
    expectShape(LabelSchema, serializeLabel(label, user));
    expectShape(UserSchema, publicUser(user));
  });

  it('api token, with the secret only in the create answer', () => {
    const row = {
      id: 8,
      title: 'CI',
      permissions: '{"tasks":["read_all"]}',
      expires_at: when,
      owner_id: 1,
      created: when,
    } as unknown as ApiTokenRow;
    expectShape(ApiTokenSchema, serializeApiToken(row));
    const created = serializeApiToken(row, 'tk_secret');
    expect(Object.keys(created)).toEqual(Object.keys(ApiTokenSchema.properties));
  });

  it('notification, unread and marked read', () => {
    const row = {
      id: 12,
      user_id: 1,
      name: 'task.comment',
      payload: '{"doer":null,"mentioned":false}',
      project_id: 2,
      read_at: null,
      created: when,
    } as unknown as NotificationRow;
    const unread = serializeNotification(row);
    expectShape(NotificationSchema, unread);
    expect(unread.read_at).toBe('0001-01-01T00:00:00Z');
    expect(unread.notification).toEqual({ doer: null, mentioned: false });
    const marked = serializeMarkedNotification({ ...row, read_at: when });
    expectShape(MarkedNotificationSchema, marked);
    expect(marked.read).toBe(true);
  });

  it('custom field, and the values a task carries', () => {
    const field = (kind: string, options: string[] = []) =>
      serializeField({
        id: 3,
        project_id: 2,
        title: 'Estimate',
        kind,
        options: JSON.stringify(options),
        position: 1,
        show_on_cards: 1,
        created: when,
        updated: when,
      } as ProjectFieldRow);
    expectShape(CustomFieldSchema, field('number'));
    // SQLite's 0/1 is answered as a boolean.
    expect(field('number').show_on_cards).toBe(true);
    expectShape(CustomFieldSchema, field('choices', ['a', 'b']));
    const users = new Map([[1, user]]);
    const rows = (num: number | null, ...texts: string[]) =>
      texts.length > 0
        ? texts.map((t) => ({ num_value: null, text_value: t }))
        : [{ num_value: num, text_value: null }];
    const values = {
      '1': wireValue('number', normalValue('number', rows(2.5))!, users),
      '2': wireValue('choices', normalValue('choices', rows(null, 'a', 'b'))!, users),
      '3': wireValue('checkbox', normalValue('checkbox', rows(0))!, users),
      '4': wireValue('user', normalValue('user', rows(1))!, users),
      '5': wireValue('date', normalValue('date', rows(null, when))!, users),
    };
    expect(values).toEqual({ '1': 2.5, '2': ['a', 'b'], '3': false, '4': publicUser(user), '5': when });
    expect([...Value.Errors(CustomFieldValuesSchema, values)]).toEqual([]);
  });

  it('project user share and team share', () => {
    const share: ShareRow = { id: 4, project_id: 2, right: 1, created: when, updated: when };
    expectShape(ProjectUserShareSchema, serializeUserShare(share, 'ada'));
    expectShape(ProjectTeamShareSchema, serializeTeamShare(share, 3));
  });
});
