import type { Project as WireProject, Task as WireTask } from '@ordo/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toCamel } from './case-conversion';
import type { ApiToken, CamelKey, Project, Task, User } from './types';

describe('camel-cased contract types', () => {
  it('converts keys as snakeToCamel does', () => {
    expectTypeOf<CamelKey<'cover_image_attachment_id'>>().toEqualTypeOf<'coverImageAttachmentId'>();
    expectTypeOf<CamelKey<'id'>>().toEqualTypeOf<'id'>();
    expectTypeOf<CamelKey<'Type'>>().toEqualTypeOf<'Type'>();
  });

  it('converts nested objects and keeps data keys and optional fields', () => {
    expectTypeOf<Task['createdBy']>().toEqualTypeOf<User | null>();
    expectTypeOf<Task['relatedTasks'][string][number]['relatedTasks']>().toEqualTypeOf<null>();
    expectTypeOf<Task['reactions']>().toEqualTypeOf<Record<string, User[]> | null>();
    expectTypeOf<Task['reminders']>().toEqualTypeOf<
      { reminder: string; relativePeriod: number; relativeTo: string }[] | null
    >();
    expectTypeOf<Task>().toHaveProperty('subscription');
    expectTypeOf<Project['backgroundInformation']>().toEqualTypeOf<{ Type: string } | null>();
    expectTypeOf<Project['maxRight']>().toEqualTypeOf<0 | 1 | 2 | null>();
    expectTypeOf<ApiToken['permissions']>().toEqualTypeOf<{ [group: string]: string[] }>();
  });

  it('names every key toCamel produces from a wire object', () => {
    const wire: Pick<WireProject, 'parent_project_id' | 'background_information' | 'max_right'> = {
      parent_project_id: 1,
      background_information: { Type: 'upload' },
      max_right: 2,
    };
    const project = toCamel<Pick<Project, 'parentProjectId' | 'backgroundInformation' | 'maxRight'>>(wire);
    expect(project).toEqual({ parentProjectId: 1, backgroundInformation: { Type: 'upload' }, maxRight: 2 });
    const reactions: WireTask['reactions'] = { thumbs_up: [] };
    expect(toCamel<Pick<Task, 'reactions'>>({ reactions }).reactions).toEqual({ thumbs_up: [] });
  });
});
