import { describe, expect, it } from 'vitest';
import { hasRight, isLinkShareId, Right, resolveLinkShareRight, resolveProjectRight } from './rights.js';

const chain = [
  { projectId: 3, ownerId: 6 },
  { projectId: 2, ownerId: 6 },
  { projectId: 1, ownerId: 9 },
];

describe('resolveProjectRight', () => {
  it('gives admin to the owner of the project or of any ancestor', () => {
    expect(resolveProjectRight(chain, 6)).toBe(Right.admin);
    expect(resolveProjectRight(chain, 9)).toBe(Right.admin);
  });

  it('gives no access without ownership or grants', () => {
    expect(resolveProjectRight(chain, 1)).toBeNull();
  });

  it('takes the nearest level with a grant and ignores grants further up', () => {
    const grants = [
      { projectId: 1, right: Right.admin },
      { projectId: 2, right: Right.read },
    ];
    expect(resolveProjectRight(chain, 1, grants)).toBe(Right.read);
  });

  it('combines several grants on one level to their maximum', () => {
    const grants = [
      { projectId: 3, right: Right.read },
      { projectId: 3, right: Right.write },
    ];
    expect(resolveProjectRight(chain, 1, grants)).toBe(Right.write);
  });

  it('still gives admin to an ancestor owner even when a nearer grant is lower', () => {
    expect(resolveProjectRight(chain, 9, [{ projectId: 3, right: Right.read }])).toBe(Right.admin);
  });
});

describe('hasRight', () => {
  it('compares against the needed level', () => {
    expect(hasRight(Right.write, Right.read)).toBe(true);
    expect(hasRight(Right.read, Right.write)).toBe(false);
    expect(hasRight(null, Right.read)).toBe(false);
  });
});

describe('link shares', () => {
  it('are the negative principal ids', () => {
    expect(isLinkShareId(-3)).toBe(true);
    expect(isLinkShareId(3)).toBe(false);
  });

  it('cover only their own project, with the share right', () => {
    const share = { projectId: 5, right: Right.write };
    expect(resolveLinkShareRight(share, 5)).toBe(Right.write);
    expect(resolveLinkShareRight(share, 6)).toBeNull();
  });
});
