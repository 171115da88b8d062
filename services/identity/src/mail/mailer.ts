/** One plain-text mail; the sender (`from`) is the mailer's own. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: over SMTP (SMTP_URL) or into the mail folder (development, the demo, the browser tests). */
export interface Mailer {
  /** Resolves once the mail is handed over (accepted by the SMTP server, or its file in place); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** MAIL_FROM's default. */
export const DEFAULT_MAIL_FROM = 'Bilmarknaden <no-reply@bilmarknaden.se>';
