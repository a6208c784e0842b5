/**
 * A real SMTP server on a free local port that keeps every message it receives, for tests of
 * what Ordo mails. It speaks plain SMTP (no STARTTLS) and takes any sender and recipient.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent: headers, blank line, body. */
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** The next message for this address, waiting for it up to 5 s. */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = mails.find((m) => !taken.has(m) && m.to.includes(to));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail reached ${to} (${mails.length} received in all)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link in a mail: `?userPasswordReset=…`, `?userEmailConfirm=…` or `?accountDeletionConfirm=…`. */
export function linkToken(
  mail: ReceivedMail,
  query: 'userPasswordReset' | 'userEmailConfirm' | 'accountDeletionConfirm',
): string {
  // The body may be quoted-printable: soft line breaks "=\r\n", and "=" itself written "=3D".
  const body = mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = new RegExp(`[?&]${query}=([A-Za-z0-9_-]+)`).exec(body);
  if (!match) throw new Error(`no ${query} link in the mail:\n${mail.raw}`);
  return match[1];
}
