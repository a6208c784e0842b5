import { describe, expect, it } from 'vitest';
import type { Project } from '../../api/projects';
import type { User } from '../../api/types';
import { findProjectByName, pickUser } from './quick-add-task';

const projects = [
  { id: 1, title: 'Home', identifier: 'HOME' },
  { id: 2, title: 'Work', identifier: 'JOB' },
  { id: -1, title: 'Favorites', identifier: '' },
] as Project[];

function user(id: number, username: string, name = '', email?: string): User {
  return { id, username, name, email, created: '', updated: '' };
}

describe('quick-add lookups', () => {
  it('finds a project by title ignoring case, then by identifier', () => {
    expect(findProjectByName(projects, 'work')?.id).toBe(2);
    expect(findProjectByName(projects, 'job')?.id).toBe(2);
    expect(findProjectByName(projects, 'favorites')).toBeNull();
    expect(findProjectByName(projects, 'nothing')).toBeNull();
  });

  it('picks a user by username, name, e-mail, or the only result', () => {
    const results = [user(1, 'ada', 'Ada Lovelace'), user(2, 'grace', 'Grace', 'g@example.com')];
    expect(pickUser(results, 'Grace')?.id).toBe(2);
    expect(pickUser(results, 'ada lovelace')?.id).toBe(1);
    expect(pickUser(results, 'g@example.com')?.id).toBe(2);
    expect(pickUser(results, 'ad')).toBeNull();
    expect(pickUser([user(3, 'linus')], 'lin')?.id).toBe(3);
  });
});
