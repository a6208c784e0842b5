/** Where the mail senders say what they mailed and what failed: the server's logger. */
export interface MailLog {
  info(message: string): void;
  warn(message: string): void;
}

export function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
