import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../api/views';
import { MemoryStorage } from './memory-storage.test-helper';
import { PROJECT_VIEW_KEY, rememberedViewId, rememberView, viewToOpen } from './project-view-preference';

function view(id: number, position: number, viewKind: ProjectView['viewKind'] = 'list'): ProjectView {
  return { id, position, title: `V${id}`, projectId: 1, viewKind } as ProjectView;
}

describe('remembered project view', () => {
  it('is 0 when nothing is stored', () => {
    expect(rememberedViewId(1, new MemoryStorage())).toBe(0);
  });

  it('is kept per project', () => {
    const storage = new MemoryStorage();
    rememberView(1, 12, storage);
    rememberView(2, 20, storage);
    rememberView(1, 13, storage);
    expect(JSON.parse(storage.getItem(PROJECT_VIEW_KEY) ?? '')).toEqual({ 1: 13, 2: 20 });
    expect(rememberedViewId(1, storage)).toBe(13);
  });

  it('opens the remembered view, else the first by position', () => {
    const storage = new MemoryStorage();
    const views = [view(5, 300), view(3, 100), view(4, 200)];
    expect(viewToOpen(1, views, storage)?.id).toBe(3);
    rememberView(1, 4, storage);
    expect(viewToOpen(1, views, storage)?.id).toBe(4);
    rememberView(1, 99, storage);
    expect(viewToOpen(1, views, storage)?.id).toBe(3);
    expect(viewToOpen(1, [], storage)).toBeNull();
  });

  it('opens the first view of the default kind when none is remembered', () => {
    const storage = new MemoryStorage();
    const views = [view(1, 100), view(2, 200, 'gantt'), view(3, 300, 'kanban'), view(4, 400, 'kanban')];
    expect(viewToOpen(1, views, storage, 'kanban')?.id).toBe(3);
    expect(viewToOpen(1, views, storage, 'first')?.id).toBe(1);
    expect(viewToOpen(1, views, storage, 'table')?.id).toBe(1);
    rememberView(1, 2, storage);
    expect(viewToOpen(1, views, storage, 'kanban')?.id).toBe(2);
  });
});
