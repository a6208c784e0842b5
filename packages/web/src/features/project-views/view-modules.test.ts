import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { viewModules } from './view-modules';

describe('viewModules', () => {
  it('names, for each kind, the module view-kinds.ts imports for it', () => {
    const source = readFileSync(new URL('./view-kinds.ts', import.meta.url), 'utf8');
    const imported = Object.fromEntries(
      [...source.matchAll(/^\s+(\w+): lazyPage\(\(\) => import\('\.\/([\w/-]+)'\)/gm)].map(
        ([, kind, path]) => [kind, `features/project-views/${path}`],
      ),
    );
    expect(Object.keys(imported).length).toBeGreaterThan(0);
    expect(viewModules).toEqual(imported);
  });
});
