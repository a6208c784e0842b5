/**
 * The write timeout (reference §6.2: 10 s), which a test over a real network cannot reach: the
 * kernel buffers megabytes for a client that stops reading. Here a real ws server socket writes
 * into a stream that never confirms a write, as a stalled network would.
 */
import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_TIMINGS, LiveConnection } from './connection.js';

/** A server socket over a stream that writes at once, or accepts writes and never finishes them. */
function serverSocket(stalled: boolean): { socket: WebSocket; stream: Duplex } {
  const stream = new Duplex({
    read() {},
    write(_chunk, _encoding, done) {
      // A stalled network never confirms the write.
      if (!stalled) done();
    },
  });
  Object.assign(stream, { setTimeout() {}, setNoDelay() {} });
  // No address: a server-side socket, as ws makes one for an accepted connection.
  const socket = new WebSocket(null as unknown as string, undefined, { isServer: true } as never);
  (socket as unknown as { setSocket(s: Duplex, head: Buffer, o: object): void }).setSocket(
    stream,
    Buffer.alloc(0),
    { maxPayload: 1024 },
  );
  return { socket, stream };
}

function connection(socket: WebSocket, timings: Partial<typeof LIVE_TIMINGS>) {
  return new LiveConnection(socket, {
    timings: { ...LIVE_TIMINGS, ...timings },
    authenticate: async () => null,
    joined() {},
    left() {},
  });
}

describe('the write timeout', () => {
  it('keeps a socket whose writes go through', async () => {
    const { socket, stream } = serverSocket(false);
    const live = connection(socket, { writeTimeoutMs: 30 });
    live.push({ event: 'notification.created', data: { id: 1 } });
    await new Promise((r) => setTimeout(r, 80));
    expect(stream.destroyed).toBe(false);
    live.close('done');
  });

  it('drops a socket whose push is not written within the timeout', async () => {
    const { socket, stream } = serverSocket(true);
    const live = connection(socket, { writeTimeoutMs: 80 });
    live.push({ event: 'notification.created', data: { id: 1 } });
    await new Promise((r) => setTimeout(r, 40));
    expect(stream.destroyed).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.destroyed).toBe(true);
  });

  it('drops a socket whose ping is not written within the timeout', async () => {
    const { socket, stream } = serverSocket(true);
    // The first ping goes out after 100 ms; the next, which would drop a silent socket, at 200.
    connection(socket, { pingIntervalMs: 100, writeTimeoutMs: 30 });
    await new Promise((r) => setTimeout(r, 110));
    expect(stream.destroyed).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(stream.destroyed).toBe(true);
  });
});
