/**
 * Where the mail sweeps say what they mailed and what failed. The services are built before the
 * server's logger exists, so they write through this switchable log: until the server hands it
 * its logger (app.ts), failures become process warnings and the rest is not written.
 */
export interface MailLog {
  info(message: string): void;
  warn(message: string): void;
}

export class SwitchableMailLog implements MailLog {
  private target: MailLog = { info() {}, warn: (message) => process.emitWarning(message) };

  useLog(target: MailLog): void {
    this.target = target;
  }

  info(message: string): void {
    this.target.info(message);
  }

  warn(message: string): void {
    this.target.warn(message);
  }
}

export function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
