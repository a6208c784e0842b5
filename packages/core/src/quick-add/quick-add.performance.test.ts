/** parseQuickAdd must stay well under 50 µs for a typical input (measured over 10,000 parses). */
import { expect, it } from 'vitest';
import { parseQuickAdd } from './pipeline.js';

const TYPICAL_INPUTS = [
  'Buy milk',
  'Task tomorrow *home +Work !3 @alice every week',
  'Call mom tonight at 8pm',
  'Write the quarterly report for the finance team by next friday at 4pm',
  'Lorem Ipsum 21st June',
  'Dentist 2026-06-03 at 14:15 +Health',
  'Pay rent monthly 1st *bills',
  'Review pull request in 3 hours !2',
  'Plan the offsite jan 27 *"team events"',
  'Fix monitor stand',
];

it('parses a typical input in under 50 µs on average', () => {
  const now = new Date(2026, 3, 15, 10, 30);
  const parseAll = (rounds: number) => {
    for (let round = 0; round < rounds; round++) {
      for (const input of TYPICAL_INPUTS) parseQuickAdd(input, { mode: 'vikunja', now });
    }
  };
  parseAll(200); // warm up the JIT
  const rounds = 1000;
  const started = performance.now();
  parseAll(rounds);
  const microsecondsPerParse = ((performance.now() - started) * 1000) / (rounds * TYPICAL_INPUTS.length);
  console.info(`quick-add: ${microsecondsPerParse.toFixed(2)} µs per parse over ${rounds * TYPICAL_INPUTS.length} parses`);
  expect(microsecondsPerParse).toBeLessThan(50);
});
