import { describe, expect, it } from 'vitest';
import { eventToShortcut, type KeyEventLike, matchesShortcut, shortcutLabel } from './shortcut-keys';
import { ShortcutSequencer } from './shortcut-sequencer';

function key(
  code: string,
  mods: Partial<KeyEventLike> = {},
  keyName = code.replace(/^Key/, '').toLowerCase(),
) {
  return { code, key: keyName, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods };
}

describe('shortcut matching', () => {
  it('needs exactly the required modifiers', () => {
    expect(matchesShortcut(key('KeyS', { ctrlKey: true }), 'control+KeyS', false)).toBe(true);
    expect(matchesShortcut(key('KeyS', { ctrlKey: true, shiftKey: true }), 'Control+KeyS', false)).toBe(
      false,
    );
    expect(matchesShortcut(key('KeyT', { ctrlKey: true }), 'KeyT', false)).toBe(false);
  });

  it('reads Mod as Meta on Apple and Control elsewhere', () => {
    expect(matchesShortcut(key('KeyE', { metaKey: true }), 'Mod+KeyE', true)).toBe(true);
    expect(matchesShortcut(key('KeyE', { ctrlKey: true }), 'Mod+KeyE', true)).toBe(false);
    expect(matchesShortcut(key('KeyE', { ctrlKey: true }), 'Mod+KeyE', false)).toBe(true);
    expect(matchesShortcut(key('KeyE', { metaKey: true }), 'Mod+KeyE', false)).toBe(false);
  });

  it('writes events in Control+Alt+Shift+Meta order and ignores lone modifiers', () => {
    expect(eventToShortcut(key('KeyA', { ctrlKey: true, shiftKey: true }))).toBe('Control+Shift+KeyA');
    expect(eventToShortcut(key('Slash', { shiftKey: true }, '?'))).toBe('Shift+Slash');
    expect(eventToShortcut(key('Period', { ctrlKey: true }, '.'))).toBe('Control+Period');
    expect(eventToShortcut(key('ControlLeft', { ctrlKey: true }, 'Control'))).toBe('');
    expect(eventToShortcut(key('KeyK', {}, 'л'))).toBe('KeyK');
  });

  it('labels shortcuts for people', () => {
    expect(shortcutLabel('Mod+KeyE', false)).toEqual(['Ctrl+E']);
    expect(shortcutLabel('Mod+KeyE', true)).toEqual(['⌘+E']);
    expect(shortcutLabel('KeyG KeyO', false)).toEqual(['G', 'O']);
    expect(shortcutLabel('Shift+Slash', false)).toEqual(['?']);
    expect(shortcutLabel('Control+Slash', false)).toEqual(['Ctrl+/']);
  });
});

describe('ShortcutSequencer', () => {
  it('G then A completes the sequence only', () => {
    const s = new ShortcutSequencer(false);
    const bound = ['KeyA', 'KeyG KeyA'];
    expect(s.press(key('KeyG'), bound, 0)).toBeNull();
    expect(s.press(key('KeyA'), bound, 100)).toBe('KeyG KeyA');
  });

  it('a single key fires when no sequence starts with it', () => {
    const s = new ShortcutSequencer(false);
    expect(s.press(key('KeyA'), ['KeyA', 'KeyG KeyO'], 0)).toBe('KeyA');
  });

  it('a sequence times out after 1500 ms and single keys work again', () => {
    const s = new ShortcutSequencer(false);
    const bound = ['KeyA', 'KeyG KeyA'];
    expect(s.press(key('KeyG'), bound, 0)).toBeNull();
    expect(s.press(key('KeyA'), bound, 1600)).toBe('KeyA');
  });

  it('an unmatched key resets the sequence and is handled fresh', () => {
    const s = new ShortcutSequencer(false);
    const bound = ['KeyA', 'KeyG KeyO'];
    expect(s.press(key('KeyG'), bound, 0)).toBeNull();
    expect(s.press(key('KeyX'), bound, 100)).toBeNull();
    expect(s.press(key('KeyA'), bound, 200)).toBe('KeyA');
  });

  it('tells sequences with the same last key apart', () => {
    const s = new ShortcutSequencer(false);
    const bound = ['KeyG KeyO', 'KeyH KeyO'];
    expect(s.press(key('KeyH'), bound, 0)).toBeNull();
    expect(s.press(key('KeyO'), bound, 100)).toBe('KeyH KeyO');
  });

  it('a fresh key after a reset can start a new sequence', () => {
    const s = new ShortcutSequencer(false);
    const bound = ['KeyG KeyO', 'KeyH KeyO'];
    s.press(key('KeyG'), bound, 0);
    expect(s.press(key('KeyH'), bound, 100)).toBeNull();
    expect(s.press(key('KeyO'), bound, 200)).toBe('KeyH KeyO');
  });
});
