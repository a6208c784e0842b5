import { describe, expect, it } from 'vitest';
import { liveSocketUrl, RECONNECT_FIRST_MS, RECONNECT_MAX_MS, reconnectDelay } from './live-socket';

describe('liveSocketUrl', () => {
  it('turns the API address into its WebSocket address', () => {
    expect(liveSocketUrl('http://localhost:3456/api/v1')).toBe('ws://localhost:3456/api/v1/ws');
    expect(liveSocketUrl('https://tasks.example.com/api/v1/')).toBe('wss://tasks.example.com/api/v1/ws');
    expect(liveSocketUrl('HTTPS://x.example/sub/api/v1')).toBe('wss://x.example/sub/api/v1/ws');
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second up to thirty', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelay(a, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads reconnects by up to a fifth either way, so clients do not return all at once', () => {
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_FIRST_MS * 0.8);
    expect(reconnectDelay(0, () => 1)).toBe(RECONNECT_FIRST_MS * 1.2);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS * 1.2);
  });
});
