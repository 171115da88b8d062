import type { Database } from '@bilmarknaden/db/database';
import { moderationAuditRepository } from '../repositories/moderation-audit-repository.ts';

/** A moderator's decision of a reported conversation as messaging's relay delivers it (decision 046). */
export interface ConversationReportDecisionEvent {
  id: number;
  actor: string;
  outcome: 'handled' | 'dismissed';
  conversationId: number;
  carId: number;
  /** The participant the report was about; null once that account is closed. */
  reportedUser: string | null;
  note: string;
  decidedAt: Date;
}

/**
 * Records messaging's decision of a reported conversation in the audit log, at the time it was made, once per
 * decision however often it is delivered.
 */
export async function applyConversationReportDecision(
  db: Database,
  event: ConversationReportDecisionEvent,
): Promise<{ conversationId: number }> {
  await moderationAuditRepository(db).audit({
    actor: event.actor,
    action: event.outcome === 'handled' ? 'conversation-handled' : 'conversation-dismissed',
    carId: event.carId,
    username: event.reportedUser,
    conversationId: event.conversationId,
    reason: event.note,
    sourceKey: `conversation-report:${event.id}`,
    at: event.decidedAt,
  });
  return { conversationId: event.conversationId };
}
