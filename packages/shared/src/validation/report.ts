import { charLength, text, type Rule } from './rules.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './hidden-characters.ts';

/** Why a user reports an ad to the moderators (issue #27). */
export const AD_REPORT_REASONS = [
  'Misstänkt bedrägeri',
  'Felaktiga uppgifter',
  'Stötande innehåll',
  'Bilen är redan såld',
  'Annat',
] as const;

/** Why a user reports a conversation: the ad reasons that can be about a person's messages. */
export const CONVERSATION_REPORT_REASONS = ['Misstänkt bedrägeri', 'Stötande innehåll', 'Annat'] as const;

/**
 * Why a user reports a user ('Anmäl användare'): the ad reasons without 'Bilen är redan såld', which is about one ad
 * (reported on that ad) and not about the person.
 */
export const USER_REPORT_REASONS = [
  'Misstänkt bedrägeri',
  'Felaktiga uppgifter',
  'Stötande innehåll',
  'Annat',
] as const;

export type AdReportReason = (typeof AD_REPORT_REASONS)[number];
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];

export const REPORT_LIMITS = { textMax: 1000 } as const;

export interface ReportInput {
  reason: string;
  /** Optional details for the moderators ('' when none). */
  text: string;
}

/** The rules of a report whose reason is one of `reasons`; the text is optional. */
export function reportRules(reasons: readonly string[]): readonly Rule<ReportInput>[] {
  return [
    { field: 'reason', message: 'Välj en anledning', fails: (r) => !reasons.includes(r.reason) },
    {
      field: 'text',
      message: `Beskrivningen får vara högst ${REPORT_LIMITS.textMax} tecken`,
      fails: (r) => charLength(r.text) > REPORT_LIMITS.textMax,
    },
    {
      field: 'text',
      message: forbiddenCharactersMessage('Beskrivningen', 'multi-line'),
      fails: (r) => hasForbiddenCharacters(r.text, 'multi-line'),
    },
  ];
}

export const conversationReportRules = reportRules(CONVERSATION_REPORT_REASONS);
export const adReportRules = reportRules(AD_REPORT_REASONS);
export const userReportRules = reportRules(USER_REPORT_REASONS);

export function normalizeReport(body: Record<string, unknown>): ReportInput {
  return { reason: text(body.reason), text: text(body.text) };
}
