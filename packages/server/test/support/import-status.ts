/** Imports run as background jobs: this polls an import's status until it is no longer running. */
import type { TestApp } from './test-app.js';

export async function importEnded(t: TestApp, name: string, token: string): Promise<{ state: string }> {
  for (;;) {
    const res = await t.request('GET', `/api/v1/migration/${name}/status`, { token });
    const status = res.json();
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
