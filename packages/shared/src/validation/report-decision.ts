import { charLength, text, type Rule } from './rules.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './hidden-characters.ts';
import { MODERATION_LIMITS } from './moderation.ts';

/** What a moderator decides about a reported conversation (decision 046). */
export const CONVERSATION_REPORT_OUTCOMES = ['handled', 'dismissed'] as const;
export type ConversationReportOutcome = (typeof CONVERSATION_REPORT_OUTCOMES)[number];

/** The moderators' words for the two outcomes (the Kontrollpanel's buttons). */
export const CONVERSATION_REPORT_OUTCOME_LABELS: Record<ConversationReportOutcome, string> = {
  handled: 'Åtgärdad',
  dismissed: 'Ingen överträdelse',
};

export interface ReportDecisionInput {
  outcome: string;
  /** Why, for the audit log ('' when none); the reporter never sees it. */
  note: string;
}

/** The decision's rules: one of the outcomes, and an optional note as long as a moderation reason. */
export const reportDecisionRules: readonly Rule<ReportDecisionInput>[] = [
  {
    field: 'outcome',
    message: 'Välj Åtgärdad eller Ingen överträdelse',
    fails: (r) => !(CONVERSATION_REPORT_OUTCOMES as readonly string[]).includes(r.outcome),
  },
  {
    field: 'note',
    message: `Anteckningen får vara högst ${MODERATION_LIMITS.reasonMax} tecken`,
    fails: (r) => charLength(r.note) > MODERATION_LIMITS.reasonMax,
  },
  {
    field: 'note',
    message: forbiddenCharactersMessage('Anteckningen', 'multi-line'),
    fails: (r) => hasForbiddenCharacters(r.note, 'multi-line'),
  },
];

export const normalizeReportDecision = (body: Record<string, unknown>): ReportDecisionInput => ({
  outcome: text(body.outcome),
  note: text(body.note),
});

/** The Swedish refusals of the decision route, shared by messaging and the Kontrollpanel. */
export const REPORT_DECISION_MESSAGES = {
  reportNotFound: 'Anmälan finns inte',
  alreadyDecided: 'Anmälan är redan avgjord',
  ownReport: 'Du har själv anmält konversationen. Låt en annan moderator avgöra den.',
  ownConversation: 'Du deltar i konversationen. Låt en annan moderator avgöra anmälan.',
} as const;
