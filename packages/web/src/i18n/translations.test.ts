/**
 * Every string the app shows exists in English and German: same keys in both files, every
 * catalogue error translated, the same placeholders, and every literal key used in the code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorCatalogue } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import { englishErrorTexts } from './error-text';

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
const german = flatten(de as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\w+\}\}|%[sdv]/g)].map((m) => m[0]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('translations', () => {
  it('have the same keys in English and German', () => {
    expect([...german.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !german.has(k))).toEqual([]);
  });

  it('translate every catalogue error', () => {
    for (const key of Object.keys(errorCatalogue)) expect(german.has(`errors.${key}`), key).toBe(true);
  });

  it('keep the placeholders of the English text', () => {
    for (const [key, text] of english)
      expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('cover every key the code uses literally', () => {
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
