import { describe, expect, it } from 'vitest';
import { layout, renderAll, staleFiles } from './render.js';

describe('SQL snapshots', () => {
  it('are up to date for every repository (npm run sql:snapshots writes them)', async () => {
    expect(staleFiles(await renderAll())).toEqual([]);
  }, 60_000);

  it('start each clause on its own line, leaving quoted names and strings alone', () => {
    expect(layout(`select "from where" from "tasks" where "id" = ? and "title" = ' from '`)).toBe(
      `select "from where"\n  from "tasks"\n  where "id" = ? and "title" = ' from '`,
    );
  });
});
