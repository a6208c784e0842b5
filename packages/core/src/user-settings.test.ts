import { describe, expect, it } from 'vitest';
import { interfaceLanguages, isSupportedLanguage, resolveLanguage } from './user-settings.js';

describe('interface languages', () => {
  it('are English plus the 28 languages Vikunja ships, in its codes', () => {
    expect(interfaceLanguages).toHaveLength(29);
    expect(interfaceLanguages).toContain('de-swiss');
    expect(interfaceLanguages).toContain('pt-BR');
  });

  it('accept every listed code, base codes and regional browser tags', () => {
    for (const code of interfaceLanguages) expect(isSupportedLanguage(code), code).toBe(true);
    for (const tag of ['de', 'fr-CA', 'en_US', 'nb-NO', 'zh-TW'])
      expect(isSupportedLanguage(tag), tag).toBe(true);
  });

  it('refuse languages we do not ship and anything that is not a tag', () => {
    for (const tag of ['xx', 'klingon', '../../etc', 'el-GR', ''])
      expect(isSupportedLanguage(tag), tag).toBe(false);
  });

  it('resolve a tag to the exact code, else the first of the same base, else English', () => {
    const available = ['en', 'de-DE', 'pt-PT', 'pt-BR', 'fr-FR', 'no-NO'] as const;
    expect(resolveLanguage('pt_br', available)).toBe('pt-BR');
    expect(resolveLanguage('pt', available)).toBe('pt-PT');
    expect(resolveLanguage('fr-CA', available)).toBe('fr-FR');
    expect(resolveLanguage('de', available)).toBe('de-DE');
    expect(resolveLanguage('nb-NO', available)).toBe('no-NO');
    expect(resolveLanguage('gsw-CH', [...available, 'de-swiss'])).toBe('de-swiss');
    expect(resolveLanguage('gsw', [...available, 'de-swiss'])).toBe('de-swiss');
    expect(resolveLanguage('de-CH', [...available, 'de-swiss'])).toBe('de-DE');
    expect(isSupportedLanguage('gsw-CH')).toBe(true);
    expect(resolveLanguage('ja-JP', available)).toBe('en');
    expect(resolveLanguage('', available)).toBe('en');
    expect(resolveLanguage(null, available)).toBe('en');
  });
});
