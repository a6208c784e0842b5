/**
 * A received mail as its reader sees it: the decoded subject and plain text, from the raw
 * message the SMTP sink kept (folded headers, RFC 2047 words, quoted-printable or base64 body).
 */
import type { ReceivedMail } from './smtp-sink.js';

export interface ReadMail {
  to: string[];
  subject: string;
  text: string;
}

/** Quoted-printable text: soft line breaks dropped, `=XX` bytes read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header (the space between two such words is not text). */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

export function readMail(mail: ReceivedMail): ReadMail {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headerText = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headerText)?.[1]?.trim() ?? '';
  const body = mail.raw.slice(split + 4);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to: mail.to, subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n').trim() };
}
