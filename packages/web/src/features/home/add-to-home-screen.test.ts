import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../projects/memory-storage.test-helper';
import { hideAddToHomeScreen, isStandalone, showsAddToHomeScreen } from './add-to-home-screen';

describe('add-to-home-screen hint', () => {
  it('shows until dismissed, then never again', () => {
    const storage = new MemoryStorage();
    expect(showsAddToHomeScreen(storage, false)).toBe(true);
    hideAddToHomeScreen(storage);
    expect(storage.getItem('hideAddToHomeScreenMessage')).toBe('true');
    expect(showsAddToHomeScreen(storage, false)).toBe(false);
  });

  it('never shows in standalone display mode', () => {
    expect(showsAddToHomeScreen(new MemoryStorage(), true)).toBe(false);
    const media = (matches: boolean) => () => ({ matches }) as MediaQueryList;
    expect(isStandalone({ matchMedia: media(true), navigator: {} as Navigator })).toBe(true);
    expect(isStandalone({ matchMedia: media(false), navigator: {} as Navigator })).toBe(false);
    expect(isStandalone({ matchMedia: media(false), navigator: { standalone: true } as never })).toBe(true);
  });
});
