/**
 * Every string the app shows exists in every language the picker offers: each catalogue has
 * English's keys (plural keys in the language's own plural forms), every catalogue error
 * translated, the same placeholders, and every literal key used in the code exists in English.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorCatalogue, interfaceLanguages, isSupportedLanguage } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import firstEnglish from './en.json';
import laterEnglish from './en-later.json';
import { english as en } from './english';
import { englishErrorTexts } from './error-text';
import { offeredLanguages } from './languages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const english = flatten({ ...en, errors: { ...en.errors, ...englishErrorTexts() } } as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\w+\}\}|%[sdv]/g)].map((m) => m[0]).sort();
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Plural keys: `key_one` beside `key_other`, or beside a plain `key` that takes {{count}}. */
function pluralBase(key: string): string | null {
  if (!pluralSuffix.test(key)) return null;
  const base = key.replace(pluralSuffix, '');
  const plain = english.get(base);
  return english.has(`${base}_other`) || plain?.includes('{{count}}') ? base : null;
}

/** The plural forms whole numbers take in a language ('many' is only for millions in French). */
function integerCategories(code: string): Set<string> {
  const rules = new Intl.PluralRules(code);
  return new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)));
}

interface Expected {
  /** Every key the language must have, with the English text its placeholders follow. */
  required: Map<string, string>;
  /** Keys it may have as well: plural forms that only fractions or large numbers take. */
  allowed: Set<string>;
}

/** English's keys as a language must have them: plural keys in that language's own forms. */
function expectedKeys(code: string): Expected {
  const integers = integerCategories(code);
  const all = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const required = new Map<string, string>();
  const allowed = new Set<string>();
  for (const [key, text] of english) {
    const base = pluralBase(key);
    if (base === null) {
      if (![...english.keys()].some((k) => pluralBase(k) === key)) required.set(key, text);
      continue;
    }
    if (!key.endsWith('_one')) continue; // each group once
    const plain = english.has(base);
    const other = english.get(`${base}_other`) ?? (english.get(base) as string);
    if (plain) required.set(base, other);
    for (const category of all) {
      const form = `${base}_${category}`;
      allowed.add(form);
      if (integers.has(category) && !(category === 'other' && plain)) required.set(form, other);
    }
  }
  for (const key of required.keys()) allowed.add(key);
  return { required, allowed };
}

/** Does the form 'one' stand for the number 1 only (so it may say "one" instead of {{count}})? */
const oneIsOnlyOne = (code: string) => new Intl.PluralRules(code).select(21) !== 'one';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('English', () => {
  it('comes in two parts that share no section (the later part would hide the first)', () => {
    expect(Object.keys(firstEnglish).filter((section) => section in laterEnglish)).toEqual([]);
  });
});

describe('offered languages', () => {
  it('are English first and each one the server stores, in Vikunja codes', () => {
    expect(offeredLanguages[0].code).toBe('en');
    for (const { code } of offeredLanguages) {
      expect(interfaceLanguages as readonly string[], code).toContain(code);
      expect(isSupportedLanguage(code), code).toBe(true);
    }
  });

  it('each load their own catalogue and date locale, except bundled English', () => {
    for (const language of offeredLanguages.slice(1)) {
      expect(language.catalogue, language.code).toBeTypeOf('function');
      expect(language.dayjsLocale, language.code).toBeTypeOf('function');
    }
  });
});

describe.each(offeredLanguages.filter((l) => l.catalogue))('translation $code', (language) => {
  const load = async () => flatten((await language.catalogue?.())?.default as Tree);

  it("has exactly English's keys, plurals in its own plural forms", async () => {
    const catalogue = await load();
    const { required, allowed } = expectedKeys(language.code);
    expect(
      [...catalogue.keys()].filter((k) => !allowed.has(k)),
      'extra keys',
    ).toEqual([]);
    expect(
      [...required.keys()].filter((k) => !catalogue.has(k)),
      'missing keys',
    ).toEqual([]);
  });

  it('translates every catalogue error', async () => {
    const catalogue = await load();
    for (const key of Object.keys(errorCatalogue)) expect(catalogue.has(`errors.${key}`), key).toBe(true);
  });

  it('keeps the placeholders of the English text', async () => {
    const catalogue = await load();
    const relaxOne = oneIsOnlyOne(language.code);
    const { required } = expectedKeys(language.code);
    for (const [key, text] of catalogue) {
      const english = required.get(key) ?? required.get(key.replace(pluralSuffix, '')) ?? text;
      const skip = (p: string) => relaxOne && key.endsWith('_one') && p === '{{count}}';
      expect(
        placeholders(text).filter((p) => !skip(p)),
        key,
      ).toEqual(placeholders(english).filter((p) => !skip(p)));
    }
  });

  it('is not English left in place', async () => {
    const catalogue = await load();
    const { required } = expectedKeys(language.code);
    const same = [...required].filter(([key, text]) => catalogue.get(key) === text);
    expect(same.length / required.size, 'share of untranslated texts').toBeLessThan(0.1);
  });
});

describe('English', () => {
  it('covers every key the code uses literally', () => {
    const root = join(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(m[1]);
      for (const m of text.matchAll(/(?:return|label:|\?) '((?:auth|settings|navigation|home)\.[\w.]+)'/g))
        used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    // A key used with a count may exist only in its plural forms (`key_one`, `key_other`).
    const exists = (key: string) => english.has(key) || english.has(`${key}_other`);
    expect([...used].filter((key) => !exists(key))).toEqual([]);
  });
});
