import { charLength, text, type Rule } from './rules.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './hidden-characters.ts';

/** The moderators' reasons (shown to the seller) and the seller's review request ('Begär omprövning'). */
export const MODERATION_LIMITS = { reasonMax: 500, reviewMax: 1000 } as const;

/** Reports a user may send in an hour; beyond it 429 with Retry-After. */
export const REPORTS_PER_HOUR = 10;

export interface ReasonInput {
  reason: string;
}

export interface ReviewInput {
  text: string;
}

/** The reason of hiding an ad or blocking a user: required, the seller or the user is shown it. */
export const moderationReasonRules: readonly Rule<ReasonInput>[] = [
  { field: 'reason', message: 'Skriv en anledning', fails: (r) => r.reason === '' },
  {
    field: 'reason',
    message: `Anledningen får vara högst ${MODERATION_LIMITS.reasonMax} tecken`,
    fails: (r) => charLength(r.reason) > MODERATION_LIMITS.reasonMax,
  },
  {
    field: 'reason',
    message: forbiddenCharactersMessage('Anledningen', 'multi-line'),
    fails: (r) => hasForbiddenCharacters(r.reason, 'multi-line'),
  },
];

/** 'Begär omprövning': what the seller changed or why the ad breaks no rule. */
export const reviewRequestRules: readonly Rule<ReviewInput>[] = [
  { field: 'text', message: 'Berätta varför annonsen ska visas igen', fails: (r) => r.text === '' },
  {
    field: 'text',
    message: `Texten får vara högst ${MODERATION_LIMITS.reviewMax} tecken`,
    fails: (r) => charLength(r.text) > MODERATION_LIMITS.reviewMax,
  },
  {
    field: 'text',
    message: forbiddenCharactersMessage('Texten', 'multi-line'),
    fails: (r) => hasForbiddenCharacters(r.text, 'multi-line'),
  },
];

export const normalizeReason = (body: Record<string, unknown>): ReasonInput => ({ reason: text(body.reason) });
export const normalizeReview = (body: Record<string, unknown>): ReviewInput => ({ text: text(body.text) });

/** The Swedish refusals of the moderation routes, shared by the services and the screens. */
export const MODERATION_MESSAGES = {
  staffOnly: 'Bara moderatorer och administratörer kan moderera',
  auditAdminOnly: 'Bara administratörer kan läsa granskningsloggen',
  ownAd: 'Du kan inte moderera din egen annons',
  ownReport: 'Du har själv anmält annonsen. Låt en annan moderator avgöra den.',
  reportOwnAd: 'Du kan inte anmäla din egen annons',
  alreadyReported: 'Du har redan anmält annonsen. Vi tittar på det.',
  tooManyReports: (minutes: number) =>
    `Du har skickat många anmälningar den senaste timmen. Försök igen om ${minutes} ${minutes === 1 ? 'minut' : 'minuter'}.`,
  reportSelf: 'Du kan inte anmäla dig själv',
  alreadyReportedUser: 'Du har redan anmält användaren. Vi tittar på det.',
  ownUserReport: 'Du har själv anmält användaren. Låt en annan moderator avgöra det.',
  userReportAboutSelf: 'Du kan inte avgöra anmälningar om dig själv',
  alreadyHidden: 'Annonsen är redan dold',
  notHidden: 'Annonsen är inte dold',
  nothingToDismiss: 'Det finns inga öppna anmälningar att avfärda',
  reviewAlreadyAsked: 'Du har redan begärt omprövning av annonsen',
  heldInReview: 'Annonsen granskas redan av en moderator',
  hiddenNotEdited: 'Annonsen är dold av moderatorerna och kan inte ändras. Begär omprövning i stället.',
  userNotFound: 'Användaren finns inte',
  blockSelf: 'Du kan inte spärra dig själv',
  blockForbidden: 'Bara administratörer kan spärra moderatorer, och administratörer kan inte spärras',
  blockedBool: 'Ange blocked som true eller false',
  blockedLogin:
    'Kontot är spärrat av Bilmarknadens moderatorer. Skriv till oss via Feedback om du tror att det är fel.',
  auditFilter: 'Ogiltigt filter',
} as const;
