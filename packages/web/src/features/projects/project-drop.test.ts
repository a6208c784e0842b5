import { describe, expect, it } from 'vitest';
import type { Project } from '../../api/projects';
import { projectDrop } from './project-drop';

function project(id: number, position: number, parentProjectId = 0): Project {
  return { id, position, parentProjectId, title: `P${id}`, isArchived: false } as Project;
}

const a = project(1, 65536);
const b = project(2, 131072);
const c = project(3, 196608);
const child = project(4, 100, 2);
const grandchild = project(5, 100, 4);
const all = [a, b, c, child, grandchild];

describe('project drop', () => {
  it('moves down within a list to the midpoint of the new neighbours', () => {
    const drop = projectDrop(all, a, [a, b, c], 0, 2);
    expect(drop?.ordered.map((p) => p.id)).toEqual([2, 1, 3]);
    expect(drop?.position).toBe((131072 + 196608) / 2);
    expect(drop?.parentProjectId).toBe(0);
  });

  it('moves to the top: half of the next position', () => {
    expect(projectDrop(all, c, [a, b, c], 0, 1)?.position).toBe(65536 / 2);
  });

  it('moves to the bottom: previous position + 65536', () => {
    expect(projectDrop(all, a, [a, b, c], 0, 3)?.position).toBe(196608 + 65536);
  });

  it('re-parents into another list, before the entry it was dropped on', () => {
    const drop = projectDrop(all, a, [child], 2, 4);
    expect(drop?.parentProjectId).toBe(2);
    expect(drop?.ordered.map((p) => p.id)).toEqual([1, 4]);
    expect(drop?.position).toBe(50);
  });

  it('moves a child to the root list', () => {
    const drop = projectDrop(all, child, [a, b, c], 0, 3);
    expect(drop?.parentProjectId).toBe(0);
    expect(drop?.position).toBe((131072 + 196608) / 2);
  });

  it('refuses a drop into its own subtree and a drop on itself', () => {
    expect(projectDrop(all, b, [grandchild], 4, 5)).toBeNull();
    expect(projectDrop(all, a, [a, b, c], 0, 1)).toBeNull();
  });
});
