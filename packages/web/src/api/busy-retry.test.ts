import { describe, expect, it } from 'vitest';
import { busyWait, MAX_RETRIES, MAX_WAIT_MS, sendUnlessBusy } from './busy-retry';

const busy = (retryAfter = '2') =>
  new Response('{"code":30064}', { status: 503, headers: { 'retry-after': retryAfter } });
const ok = () => new Response('{}', { status: 200 });

/** Answers in turn, counting what was sent and how long each wait was. */
function server(answers: Array<() => Response>) {
  const waits: number[] = [];
  let sent = 0;
  return {
    waits,
    sent: () => sent,
    send: async () => (answers[sent++] ?? answers[answers.length - 1])(),
    wait: async (ms: number) => {
      waits.push(ms);
    },
  };
}

describe('a busy server', () => {
  it('is asked again after the wait it gives, and its later answer is used', async () => {
    const s = server([() => busy('2'), () => busy('1'), ok]);
    const response = await sendUnlessBusy(s.send, null, s.wait);
    expect(response.status).toBe(200);
    expect(s.waits).toEqual([2000, 1000]);
    expect(s.sent()).toBe(3);
  });

  it('gets the busy answer back once the retries are spent', async () => {
    const s = server([() => busy()]);
    const response = await sendUnlessBusy(s.send, null, s.wait);
    expect(response.status).toBe(503);
    expect(s.sent()).toBe(1 + MAX_RETRIES);
  });

  it('is not asked again for other errors, or a 503 without Retry-After', async () => {
    for (const answer of [
      () => new Response('{}', { status: 500, headers: { 'retry-after': '1' } }),
      () => new Response('{}', { status: 503 }),
      () => new Response('{}', { status: 429, headers: { 'retry-after': '1' } }),
    ]) {
      const s = server([answer, ok]);
      expect((await sendUnlessBusy(s.send, null, s.wait)).status).toBe(answer().status);
      expect(s.sent()).toBe(1);
    }
  });

  it('caps a long wait, and reads an HTTP date', () => {
    expect(busyWait(busy('3600'))).toBe(MAX_WAIT_MS);
    const soon = new Date(Date.now() + 4_000).toUTCString();
    expect(busyWait(busy(soon))).toBeGreaterThan(2_000);
    expect(busyWait(busy('not a time'))).toBeNull();
  });

  it('stops waiting when the request is cancelled', async () => {
    const controller = new AbortController();
    const s = server([() => busy('5'), ok]);
    const sending = sendUnlessBusy(s.send, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(sending).rejects.toBeDefined();
    expect(s.sent()).toBe(1);
  });
});
