import { TASK_COLUMN_FIELDS, TaskBody, TaskSchema } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import { copyColumnFields, readColumnFields } from './column-fields.js';

describe('task column fields', () => {
  it('are fields of both the answer and the body', () => {
    for (const key of Object.keys(TASK_COLUMN_FIELDS)) {
      expect(TaskSchema.properties).toHaveProperty(key);
      expect(TaskBody.properties).toHaveProperty(key);
    }
  });

  it("read a body's values, and their zero values where it leaves them out or sends null", () => {
    expect(readColumnFields({ priority: 3, percent_done: null })).toEqual({
      repeat_mode: 0,
      priority: 3,
      percent_done: 0,
      cover_image_attachment_id: 0,
    });
  });

  it('copy only the column fields', () => {
    const row = {
      id: 1,
      title: 'x',
      repeat_mode: 1,
      priority: 2,
      percent_done: 0.5,
      cover_image_attachment_id: 4,
    };
    expect(copyColumnFields(row)).toEqual({
      repeat_mode: 1,
      priority: 2,
      percent_done: 0.5,
      cover_image_attachment_id: 4,
    });
  });
});
