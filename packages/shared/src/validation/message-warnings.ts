// Issue #42: what in a message suggests a scam or moving the talk off the site. A flagged message is sent as any
// other; its recipient sees WARNING_NOTICE above it and the moderators list it ('Flaggade meddelanden'). The sender is
// not told. One definition: the server flags at send, the web shows the labels.

/** The notice the recipient sees above a flagged message, and the link beside it. */
export const MESSAGE_WARNING = {
  notice: 'Håll kontakten här på Bilmarknaden. Betala aldrig i förskott för en bil du inte sett.',
  link: 'Läs våra säkerhetsråd',
} as const;

/**
 * Words of the usual scams, as regular expressions over lower-cased text (word starts, so 'ombud' does not match
 * 'omb'), each with the word shown to moderators.
 */
const SCAM_WORDS: readonly { word: string; pattern: RegExp }[] = [
  { word: 'förskott', pattern: /(?<![\p{L}\d])förskott/u },
  {
    word: 'frakt',
    pattern: /(?<![\p{L}\d])frakt(?:en|as|ar|ade|a|bolag\p{L}*|firma\p{L}*|kostnad\p{L}*|avgift\p{L}*)?(?![\p{L}\d])/u,
  },
  { word: 'Western Union', pattern: /western\s*union/u },
  { word: 'MoneyGram', pattern: /money\s*gram/u },
  { word: 'deposition', pattern: /(?<![\p{L}\d])deposition/u },
  { word: 'ombud', pattern: /(?<![\p{L}\d])ombud(?:et|en|s)?(?![\p{L}\d])/u },
  {
    word: 'betala innan visning',
    pattern: /betal\p{L}*\s+(?:\p{L}+\s+){0,3}(?:innan|före)\s+(?:\p{L}+\s+){0,2}visning/u,
  },
  { word: 'escrow', pattern: /(?<![\p{L}\d])escrow/u },
  { word: 'WhatsApp', pattern: /whats\s*app/u },
];

// Swedish numbers as people write them: 070-123 45 67, 0701234567, +46 70 123 45 67, 0046 8 123 456 78, 08-123 456.
const PHONE = /(?:\+\s*46|0046|(?<![\d\p{L}])0)[\s-]*\(?[1-9](?:[\s()-]*\d){5,9}(?![\d])/u;
// An address, also written 'namn (at) gmail.com' or 'namn[at]gmail punkt com'.
const EMAIL = /[\p{L}\d._%+-]+(?:@|\s*[([]\s*at\s*[)\]]\s*|\s+snabel-a\s+)[\p{L}\d-]+(?:\.|\s+punkt\s+)[\p{L}]{2,}/u;
// A link: a scheme, www., or a name with a common top-level domain ('bilfynd.se'); '2.0' or 'v70.' are not.
const LINK =
  /(?:https?:\/\/|(?<![\p{L}\d])www\.|(?<![\p{L}\d@.-])[\p{L}\d-]*\p{L}[\p{L}\d-]*\.(?:se|nu|com|net|org|eu|io|info|biz|me|co|dk|no|fi|de|ru|xyz|shop|online)(?![\p{L}\d]))/u;

export type MessageFlag = 'phone' | 'email' | 'link' | `scam:${string}`;

/** The rules a message's text trips, in this order: phone, email, link, then each scam word. Empty: none. */
export function messageFlags(text: string): MessageFlag[] {
  const t = text.normalize('NFC').toLocaleLowerCase('sv-SE');
  const flags: MessageFlag[] = [];
  if (PHONE.test(t)) flags.push('phone');
  const email = EMAIL.test(t);
  if (email) flags.push('email');
  // An address's domain is no link of its own.
  if (LINK.test(email ? t.replace(new RegExp(EMAIL.source, 'gu'), ' ') : t)) flags.push('link');
  for (const { word, pattern } of SCAM_WORDS) if (pattern.test(t)) flags.push(`scam:${word}`);
  return flags;
}

/** A flag as the Kontrollpanel names it. */
export function messageFlagLabel(flag: string): string {
  if (flag === 'phone') return 'Telefonnummer';
  if (flag === 'email') return 'E-postadress';
  if (flag === 'link') return 'Länk';
  if (flag.startsWith('scam:')) return `Bedrägeriord: ${flag.slice('scam:'.length)}`;
  return flag;
}
