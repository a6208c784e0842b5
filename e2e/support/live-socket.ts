/** The app's live socket, as a spec waits for it to say something. */
import type { Page, WebSocket } from '@playwright/test';

/**
 * Runs `open` (a navigation) and resolves with the page's live socket once it has received a frame
 * that `said` accepts. The frames are listened to from the moment the socket opens: a socket that
 * signs in and subscribes while the navigation is still loading has said it before `open` returns,
 * and a listener added only then waits for a frame that has already gone by.
 */
export async function liveSocketSaying(
  page: Page,
  open: () => Promise<unknown>,
  said: (payload: string) => boolean,
): Promise<WebSocket> {
  let hear: (ws: WebSocket) => void = () => {};
  const heard = new Promise<WebSocket>((resolve) => {
    hear = resolve;
  });
  const onSocket = (ws: WebSocket) => {
    if (!ws.url().endsWith('/api/v1/ws')) return;
    ws.on('framereceived', (frame) => {
      if (said(String(frame.payload))) hear(ws);
    });
  };
  page.on('websocket', onSocket);
  try {
    await open();
    return await heard;
  } finally {
    page.off('websocket', onSocket);
  }
}
