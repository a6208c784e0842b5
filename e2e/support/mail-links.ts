/** Links in the mails the SMTP sink received, as a person would click them. */
import type { ReceivedMail } from '../../packages/server/test/support/smtp-sink';

/**
 * The first link in the mail whose query carries one of `parameters` (userEmailConfirm,
 * userPasswordReset, accountDeletionConfirm, …), decoded from quoted-printable.
 */
export function linkIn(mail: ReceivedMail, ...parameters: string[]): string {
  const body = mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const link = new RegExp(`https?://\\S+\\?(?:${parameters.join('|')})=[\\w-]+`).exec(body)?.[0];
  if (!link) throw new Error(`no ${parameters.join(' or ')} link in the mail:\n${mail.raw}`);
  return link;
}
