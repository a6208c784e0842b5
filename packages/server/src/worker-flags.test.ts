import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './worker-flags.js';

describe('workerExecArgv', () => {
  it('adds the young generation size to the options the primary runs with', () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      '--max-semi-space-size=64',
    ]);
  });

  it("keeps the operator's own size, however it is spelt or passed", () => {
    expect(workerExecArgv(['--max-semi-space-size=8'])).toEqual(['--max-semi-space-size=8']);
    expect(workerExecArgv(['--max_semi_space_size=8'])).toEqual(['--max_semi_space_size=8']);
    expect(workerExecArgv([], '--max-old-space-size=512 --max-semi-space-size=32')).toEqual([]);
  });
});
