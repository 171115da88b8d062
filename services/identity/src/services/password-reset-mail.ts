import { PASSWORD_RESET_LIMITS, PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import type { MailMessage } from '../mail/mailer.ts';

/** The page of the web app that reads the token from the link's fragment. */
export const RESET_PAGE_PATH = '/reset-password';

/**
 * The link in the mail: the token in the fragment (`#token=`), which the browser never sends, so it reaches neither
 * the server's logs nor another site's Referer header.
 */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PAGE_PATH}#token=${token}`;
}

/** The mail with the link, in Swedish plain text, to the account's own address. */
export function passwordResetMail(
  user: { email: string; firstname: string; username: string },
  link: string,
): MailMessage {
  const text = [
    `Hej ${user.firstname}!`,
    '',
    `Någon har bett om ett nytt lösenord för ditt konto ${user.username} på Bilmarknaden.`,
    'Välj ett nytt lösenord med den här länken:',
    '',
    link,
    '',
    `Länken fungerar en gång och gäller i ${PASSWORD_RESET_LIMITS.linkMinutes} minuter.`,
    '',
    'Om det inte var du som bad om ett nytt lösenord kan du bortse från det här mejlet. Ditt lösenord är oförändrat.',
    '',
    'Hälsningar',
    'Bilmarknaden',
    '',
  ].join('\n');
  return { to: user.email, subject: PASSWORD_RESET_MESSAGES.mailSubject, text };
}
