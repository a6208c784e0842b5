import { describe, expect, it } from 'vitest';
import {
  allSelected,
  offeredGroups,
  selectedCount,
  toggle,
  toggleAll,
  toggleGroup,
} from './permission-selection';
import { expiryDate, firstPickableDay, isExpired } from './token-expiry';

const route = { path: '/x', method: 'GET' };
const catalogue = {
  tasks: { read_all: route, update: route },
  projects: { read_all: route },
  caldav: { access: route },
  feeds: { access: route },
};

describe('offeredGroups', () => {
  it('offers CalDAV only where the server has it, and never the feeds it does not serve', () => {
    expect(offeredGroups(catalogue, false)).toEqual(['projects', 'tasks']);
    expect(offeredGroups(catalogue, true)).toEqual(['caldav', 'projects', 'tasks']);
  });
});

describe('selecting permissions', () => {
  const groups = ['projects', 'tasks'];

  it('toggles one permission and drops emptied groups', () => {
    const one = toggle({}, 'tasks', 'update');
    expect(one).toEqual({ tasks: ['update'] });
    expect(toggle(one, 'tasks', 'update')).toEqual({});
  });

  it('selects a whole group, or clears it when it was whole', () => {
    const half = { tasks: ['update'] };
    const whole = toggleGroup(half, 'tasks', ['read_all', 'update']);
    expect(whole).toEqual({ tasks: ['read_all', 'update'] });
    expect(toggleGroup(whole, 'tasks', ['read_all', 'update'])).toEqual({});
  });

  it('selects everything offered, or nothing when all was selected', () => {
    const all = toggleAll({ tasks: ['update'] }, catalogue, groups);
    expect(all).toEqual({ projects: ['read_all'], tasks: ['read_all', 'update'] });
    expect(allSelected(all, catalogue, groups)).toBe(true);
    expect(selectedCount(all)).toBe(3);
    expect(toggleAll(all, catalogue, groups)).toEqual({});
  });
});

describe('token expiry', () => {
  const now = new Date(2026, 0, 10, 12, 0, 0);

  it('counts presets in days from now', () => {
    expect(expiryDate('30', null, now)).toBe(
      new Date(now.getTime() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
  });

  it('lets a picked day run to its end, and refuses a day already over', () => {
    expect(expiryDate('custom', '2026-02-01', now)).toBe(
      new Date(2026, 1, 1, 23, 59, 59).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
    expect(expiryDate('custom', '2026-01-09', now)).toBeNull();
    expect(expiryDate('custom', null, now)).toBeNull();
    expect(firstPickableDay(now)).toBe('2026-01-11');
  });

  it('knows an expired token', () => {
    expect(isExpired('2026-01-10T11:00:00Z', new Date('2026-01-10T12:00:00Z'))).toBe(true);
    expect(isExpired('2026-01-10T13:00:00Z', new Date('2026-01-10T12:00:00Z'))).toBe(false);
  });
});
