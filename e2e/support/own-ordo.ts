/**
 * An Ordo of a spec's own, for tests that need settings the two shared servers lack (mail, a
 * directory, an OpenID provider): the built server (e2e/serve.mjs) on a fresh database of the
 * Playwright project's kind, on a free port, stopped again by `stop`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { type SmtpSink, startSmtpSink } from '../../packages/server/test/support/smtp-sink';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

export interface OwnOrdo {
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts the server and waits until `/info` answers; fails with `what` in the message when it
 * exits or takes longer than 60 s. `port` is given when the caller needs the address earlier (an
 * OpenID provider must know the redirect address before Ordo starts).
 */
export async function startOwnOrdo(options: {
  what: string;
  /** The Playwright project's name: sqlite or postgres. */
  database: string;
  env: Record<string, string>;
  port?: number;
}): Promise<OwnOrdo> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['e2e/serve.mjs'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      E2E_DB: options.database,
      ORDO_RATE_LIMIT: '0',
      // Every browser here is 127.0.0.1: the specs' wrong passwords would add up to a backoff.
      ORDO_BRUTE_FORCE_FAILURES: '0',
      ORDO_WORKERS: '1',
      ORDO_PUBLIC_URL: `${base}/`,
      ...options.env,
    },
    stdio: 'inherit',
  });
  // 60 s: on a loaded two-core machine the server's start (migrations, workers) can take over 30 s.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/api/v1/info`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      // A server that is merely slow would otherwise outlive the test run.
      server.kill('SIGTERM');
      throw new Error(`${options.what} did not start`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** An Ordo of the spec's own that sends its mail to a real SMTP sink, for the mail specs. */
export async function startMailingOrdo(database: string): Promise<{ ordo: OwnOrdo; smtp: SmtpSink }> {
  const smtp = await startSmtpSink();
  try {
    const ordo = await startOwnOrdo({ what: 'the mailing Ordo', database, env: { ORDO_SMTP_URL: smtp.url } });
    return { ordo, smtp };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}
