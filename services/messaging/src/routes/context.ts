import type { TokenClaims } from '@bilmarknaden/shared/auth/token';
import type { BearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import type { ConversationService } from '../services/conversation-service.ts';
import type { ReportDecisionService } from '../services/report-decision-service.ts';

/** What every route file gets from the plugin. */
export interface RouteContext {
  conversations: ConversationService;
  /** The moderators' queue and decisions of reported conversations, and the reporter's own list. */
  decisions: ReportDecisionService;
  /** Bearer token hooks (`required`, `optional`) and the verified user. */
  auth: BearerAuth<TokenClaims>;
}
