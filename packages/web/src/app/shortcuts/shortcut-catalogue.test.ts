import { describe, expect, it } from 'vitest';
import { english as en } from '../../i18n/english';
import { navigationItems } from '../shell/navigation-items';
import { goToShortcuts, shortcutGroups } from './shortcut-catalogue';
import { shortcutLabel } from './shortcut-keys';

type Tree = { [key: string]: string | Tree };
function has(key: string): boolean {
  let node: string | Tree = en as Tree;
  for (const part of key.split('.')) {
    if (typeof node === 'string' || !(part in node)) return false;
    node = node[part];
  }
  return typeof node === 'string';
}

describe('shortcut catalogue', () => {
  const all = (apple: boolean) => shortcutGroups(apple).flatMap((g) => g.rows.map((r) => r.shortcut));

  it('lists every shortcut of spec 1 §2 and spec 2 §2', () => {
    expect(all(false)).toEqual(
      expect.arrayContaining([
        'Mod+KeyE',
        'Mod+KeyK',
        'Shift+Slash',
        'KeyG KeyO',
        'KeyG KeyU',
        'KeyG KeyP',
        'KeyG KeyA',
        'KeyG KeyM',
        'KeyG KeyL',
        'KeyG KeyG',
        'KeyG KeyT',
        'KeyG KeyK',
        'KeyJ',
        'KeyK',
        'Enter',
        'Mod+Click',
        'KeyT',
        'KeyA',
        'KeyL',
        'KeyD',
        'KeyF',
        'KeyR',
        'KeyM',
        'KeyC',
        'Alt+KeyR',
        'KeyE',
        'KeyP',
        'Shift+Delete',
        'KeyS',
        'KeyU',
        'Mod+KeyS',
      ]),
    );
  });

  it('uses Shift+R for reminders on Apple, where Alt+R types a character', () => {
    expect(all(true)).toContain('Shift+KeyR');
    expect(all(true)).not.toContain('Alt+KeyR');
  });

  it('shows Ctrl or ⌘ by platform', () => {
    expect(shortcutLabel('Mod+KeyK', false)).toEqual(['Ctrl+K']);
    expect(shortcutLabel('Mod+KeyK', true)).toEqual(['⌘+K']);
  });

  it('gives the side navigation the go-to sequences the help lists', () => {
    expect(navigationItems.map((item) => [item.path, item.shortcut])).toEqual(
      goToShortcuts.map((entry) => [entry.path, entry.shortcut]),
    );
  });

  it('has a translated title and label for every row, and no shortcut twice in a group', () => {
    for (const group of shortcutGroups(false)) {
      expect(has(group.title), group.title).toBe(true);
      for (const row of group.rows) expect(has(row.label), row.label).toBe(true);
      const shortcuts = group.rows.map((r) => r.shortcut);
      expect(new Set(shortcuts).size).toBe(shortcuts.length);
    }
  });
});
