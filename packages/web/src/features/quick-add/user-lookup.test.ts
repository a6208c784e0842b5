import { describe, expect, it } from 'vitest';
import { pickQuickAddUser } from './user-lookup';

const ada = { id: 1, username: 'ada', name: 'Grace', email: 'lovelace@example.com' };
const grace = { id: 2, username: 'grace', name: 'Grace Hopper', email: 'ada@example.com' };
const linus = { id: 3, username: 'linus', name: '' };

describe('quick-add assignee lookup', () => {
  it('matches the username first, ignoring case', () => {
    expect(pickQuickAddUser([grace, ada], 'ADA')?.id).toBe(1);
    // "grace" is ada's name but grace's username: the username wins.
    expect(pickQuickAddUser([ada, grace], 'grace')?.id).toBe(2);
  });

  it('then the name, then the e-mail', () => {
    expect(pickQuickAddUser([ada, grace], 'grace hopper')?.id).toBe(2);
    expect(pickQuickAddUser([grace, ada], 'LOVELACE@example.com')?.id).toBe(1);
  });

  it('accepts a partial match only when the search found exactly one user', () => {
    expect(pickQuickAddUser([linus], 'lin')?.id).toBe(3);
    expect(pickQuickAddUser([ada, grace], 'gr')).toBeNull();
    expect(pickQuickAddUser([], 'anyone')).toBeNull();
  });
});
