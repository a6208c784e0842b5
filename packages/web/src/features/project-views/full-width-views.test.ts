import { beforeEach, describe, expect, it } from 'vitest';
import type { ProjectView } from '../../api/views';
import { MemoryStorage } from '../projects/memory-storage.test-helper';
import { rememberView } from '../projects/project-view-preference';
import { isFullWidthView } from './full-width-views';

function view(id: number, viewKind: ProjectView['viewKind'], position: number): ProjectView {
  return {
    id,
    title: viewKind,
    projectId: 7,
    viewKind,
    filter: null,
    position,
    bucketConfigurationMode: 'manual',
    bucketConfiguration: null,
    defaultBucketId: 0,
    doneBucketId: 0,
    created: '',
    updated: '',
  };
}

const views = [view(1, 'list', 1), view(2, 'kanban', 2), view(3, 'gantt', 3), view(4, 'table', 4)];

describe('isFullWidthView', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('is true for kanban and gantt views only', () => {
    expect(isFullWidthView('/projects/7/2', views, storage)).toBe(true);
    expect(isFullWidthView('/projects/7/3/', views, storage)).toBe(true);
    expect(isFullWidthView('/projects/7/1', views, storage)).toBe(false);
    expect(isFullWidthView('/projects/7/4', views, storage)).toBe(false);
  });

  it('works for saved filters (negative project ids)', () => {
    expect(isFullWidthView('/projects/-3/2', views, storage)).toBe(true);
  });

  it('keeps the width of the remembered view under the project’s modals', () => {
    rememberView(7, 2, storage);
    expect(isFullWidthView('/projects/7', views, storage)).toBe(true);
    expect(isFullWidthView('/projects/7/settings/views', views, storage)).toBe(true);
    expect(isFullWidthView('/projects/7/info', views, storage)).toBe(true);
    rememberView(7, 1, storage);
    expect(isFullWidthView('/projects/7/settings/views', views, storage)).toBe(false);
    // Nothing remembered: the first view, a list.
    expect(isFullWidthView('/projects/8/settings/edit', views, storage)).toBe(false);
  });

  it('is false elsewhere and without a known view', () => {
    expect(isFullWidthView('/projects/7/9', views, storage)).toBe(false);
    expect(isFullWidthView('/tasks/2', views, storage)).toBe(false);
    expect(isFullWidthView('/projects', views, storage)).toBe(false);
    expect(isFullWidthView('/projects/7/2', null, storage)).toBe(false);
  });
});
