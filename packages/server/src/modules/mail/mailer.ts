/**
 * Outgoing mail over SMTP (`ORDO_SMTP_URL`, sender `ORDO_MAIL_FROM`). Without an SMTP address
 * Ordo sends nothing, and features that need mail (e-mail confirmation, password reset) are off.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import { trackJob } from '../metrics/job-metrics.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly enabled: boolean;
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      send: async () => {
        throw new Error('no SMTP server is configured (ORDO_SMTP_URL)');
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    enabled: true,
    async send(mail) {
      await trackJob('mail', () => transport.sendMail({ from: config.mailFrom, ...mail }));
    },
  };
}
