import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../http/api-error.js';
import { readWekanJson } from './read-json.js';
import { wekanToPlan } from './to-plan.js';

const board = (card: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({ lists: [{ _id: 'l' }], cards: [{ _id: 'c', listId: 'l', ...card }], ...more }),
  );

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("WeKan's dates", () => {
  it('reads ISO text, milliseconds and MongoDB’s $date forms as stored UTC text', () => {
    const card = readWekanJson(
      board({
        startAt: '2026-02-01T09:00:00.250Z',
        dueAt: { $date: 1_770_714_000_000 },
        endAt: { $date: { $numberLong: '1770886800000' } },
        createdAt: { $date: '2026-01-10T09:00:00+01:00' },
      }),
    ).cards[0];
    expect([card.startAt, card.dueAt, card.endAt, card.createdAt]).toEqual([
      '2026-02-01T09:00:00Z',
      '2026-02-10T09:00:00Z',
      '2026-02-12T09:00:00Z',
      '2026-01-10T08:00:00Z',
    ]);
  });

  it('reads a date and time without a zone as UTC, whatever the server’s zone', () => {
    process.env.TZ = 'America/New_York';
    expect(readWekanJson(board({ dueAt: '2026-02-01T09:00:00' })).cards[0].dueAt).toBe(
      '2026-02-01T09:00:00Z',
    );
  });

  it('reads the zero date (year 1) as no date', () => {
    const card = readWekanJson(
      board({ createdAt: '0001-01-01T00:00:00Z', endAt: { $date: -62135596800000 } }),
    ).cards[0];
    expect([card.createdAt, card.endAt]).toEqual([null, null]);
  });

  it('refuses a date past the year 9999 naming the field, rather than storing it garbled', () => {
    for (const createdAt of [{ $date: 8.64e15 }, 253402300800000]) {
      let error: unknown;
      try {
        readWekanJson(board({}, { comments: [{ cardId: 'c', text: 'x', createdAt }] }));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toContain('comments[0].createdAt must be a date');
    }
  });
});

describe('a large WeKan board', () => {
  it('finds each card’s comments, checklists and attachments without scanning the whole board per card', {
    timeout: 120_000,
  }, () => {
    const n = 20_000;
    const data = {
      lists: [{ _id: 'l' }],
      cards: Array.from({ length: n }, (_, i) => ({
        _id: `c${i}`,
        listId: 'l',
        title: `Card ${i}`,
        sort: i,
      })),
      comments: Array.from({ length: n }, (_, i) => ({ cardId: `c${i}`, text: `Note ${i}`, userId: 'u' })),
      checklists: Array.from({ length: n }, (_, i) => ({ _id: `k${i}`, cardId: `c${i}`, title: '' })),
      checklistItems: Array.from({ length: n }, (_, i) => ({ checklistId: `k${i}`, title: `Step ${i}` })),
      attachments: Array.from({ length: n }, (_, i) => ({ cardId: `c${i}`, name: 'a.txt', file: 'eA==' })),
    };
    const read = readWekanJson(Buffer.from(JSON.stringify(data)));
    const started = performance.now();
    const plan = wekanToPlan(read, 1024);
    const ms = performance.now() - started;
    console.log(`20,000 cards planned in ${Math.round(ms)} ms`);
    const last = plan.tasks[n - 1];
    expect(last.comments.map((c) => c.text)).toEqual([`<p>Note ${n - 1}</p>`]);
    expect(last.description).toContain(`Step ${n - 1}`);
    expect(last.attachments).toHaveLength(1);
    // Scanning every list once per card (20,000 × 80,000 checks) took most of a minute.
    expect(ms).toBeLessThan(10_000);
  });
});
