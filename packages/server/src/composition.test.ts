/**
 * context.ts is the composition root: it builds every module and hands each what it needs. A
 * module that imported it back would depend on the whole app (and on its build order), so no file
 * in a folder below src/ may import it; modules declare the narrow part they use instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;
const root = join(src, 'context.ts');

/** Every .ts file in the folders below src/ (the top-level files are the app's entry points). */
function moduleFiles(): string[] {
  return readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.parentPath !== src)
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The relative specifiers of a file's static and dynamic imports and re-exports. */
function specifiers(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm);
  return [...found].map((match) => match[1] as string);
}

const importsRoot = (file: string, text: string) =>
  specifiers(text).some((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')) === root);

describe('the composition root', () => {
  it('is imported by no module below src/', () => {
    const files = moduleFiles();
    expect(files.some((file) => file.endsWith(join('modules', 'tasks', 'routes.ts')))).toBe(true);
    const offenders = files
      .filter((file) => importsRoot(file, readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });

  it('hands modules their dependencies through constructors, never through a setter afterwards', () => {
    const wiring = readFileSync(root, 'utf8');
    expect(wiring.match(/\.(?:(?:use|set|add|also)[A-Z]\w*|register\w*)\(/g) ?? []).toEqual([]);
  });

  it('recognises an import of it, static, type-only or dynamic', () => {
    const file = join(src, 'modules', 'tasks', 'routes.ts');
    expect(importsRoot(file, "import type { AppContext } from '../../context.js';")).toBe(true);
    expect(importsRoot(file, "const c = await import('../../context.js');")).toBe(true);
    expect(importsRoot(file, "export { createContext } from '../../context.js';")).toBe(true);
    expect(importsRoot(file, "import type { Config } from '../../config.js';")).toBe(false);
  });
});
