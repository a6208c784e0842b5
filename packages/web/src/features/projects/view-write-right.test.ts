import { Right } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import { canWriteInViews } from './view-write-right';

const project = { id: 4, isArchived: false, maxRight: Right.write };

describe('canWriteInViews', () => {
  it('follows the right on a real project, and never in an archived one', () => {
    expect(canWriteInViews(project)).toBe(true);
    expect(canWriteInViews({ ...project, maxRight: Right.admin })).toBe(true);
    expect(canWriteInViews({ ...project, maxRight: Right.read })).toBe(false);
    expect(canWriteInViews({ ...project, maxRight: null })).toBe(false);
    expect(canWriteInViews({ ...project, isArchived: true })).toBe(false);
  });

  it('lets a saved filter’s owner write through its pseudo project', () => {
    expect(canWriteInViews({ id: -3, isArchived: false, maxRight: Right.admin })).toBe(true);
    // Without a known right (nothing read yet) it stays read-only.
    expect(canWriteInViews({ id: -3, isArchived: false, maxRight: null })).toBe(false);
  });

  it('keeps the favourites pseudo project as it was', () => {
    expect(canWriteInViews({ id: -1, isArchived: false, maxRight: null })).toBe(true);
  });
});
