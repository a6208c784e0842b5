/**
 * Turns key presses into completed shortcuts, single keys and space-separated sequences
 * (reference §9). While a sequence is in progress single keys do not fire; a key that continues
 * no sequence resets everything and is then handled as a fresh key; 1500 ms idle resets too.
 */
import { type KeyEventLike, matchesShortcut } from './shortcut-keys';

export const SEQUENCE_TIMEOUT_MS = 1500;

export class ShortcutSequencer {
  private progress: { shortcut: string; step: number }[] = [];
  private lastKeyAt = 0;

  constructor(private readonly apple: boolean) {}

  /** The shortcut this key completes, if any. `now` is injected so the timeout is testable. */
  press(event: KeyEventLike, shortcuts: readonly string[], now: number): string | null {
    if (this.progress.length > 0 && now - this.lastKeyAt > SEQUENCE_TIMEOUT_MS) this.progress = [];
    this.lastKeyAt = now;

    if (this.progress.length > 0) {
      const continued = this.progress.filter(({ shortcut, step }) =>
        matchesShortcut(event, shortcut.split(' ')[step], this.apple),
      );
      if (continued.length > 0) {
        const done = continued.find(({ shortcut, step }) => shortcut.split(' ').length === step + 1);
        if (done) {
          this.progress = [];
          return done.shortcut;
        }
        this.progress = continued.map(({ shortcut, step }) => ({ shortcut, step: step + 1 }));
        return null;
      }
      this.progress = [];
    }

    const started = shortcuts.filter(
      (s) => s.includes(' ') && matchesShortcut(event, s.split(' ')[0], this.apple),
    );
    if (started.length > 0) {
      this.progress = started.map((shortcut) => ({ shortcut, step: 1 }));
      return null;
    }
    return shortcuts.find((s) => !s.includes(' ') && matchesShortcut(event, s, this.apple)) ?? null;
  }
}
