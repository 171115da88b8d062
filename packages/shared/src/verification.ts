/** What a deployment may require 'Verifierad med BankID' for (VERIFICATION_REQUIRED, issue 42). */
export type VerifiedAction = 'publish' | 'message';

/** 403 when the setting requires verification and the token does not carry it. */
export const VERIFICATION_REQUIRED_MESSAGES: Record<VerifiedAction, string> = {
  publish: 'Verifiera dig med BankID på din profil innan du lägger in en annons.',
  message: 'Verifiera dig med BankID på din profil innan du skriver till en säljare.',
};

/** The token's user as the services that check the setting see them. */
export interface Actor {
  username: string;
  verified: boolean;
}
