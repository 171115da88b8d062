import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export interface SmtpMailerOptions {
  /**
   * SMTP_URL, read by nodemailer: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
   * `smtps://…:465` (TLS from the start); user and password percent-encoded, options in the query.
   */
  url: string;
  from: string;
}

/** How long a mail may wait for the SMTP server, so a stuck server cannot hold a closing process for minutes. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Sends each mail over its own SMTP connection (a few mails an hour need no pool). */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  // The URL's own query options win over these defaults.
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}
