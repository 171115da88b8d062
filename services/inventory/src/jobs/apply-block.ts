import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import { blockedSellersRepository } from '../repositories/blocked-sellers-repository.ts';
import { moderationAuditRepository } from '../repositories/moderation-audit-repository.ts';
import { userReportsRepository } from '../repositories/user-reports-repository.ts';
import { sendMails, userReporterMails, type ModerationMail } from '../services/moderation-service.ts';

/** A block or unblock as identity's relay delivers it (decision 041). */
export interface BlockEvent {
  id: number;
  username: string;
  blocked: boolean;
  actor: string;
  reason: string;
}

/**
 * Applies identity's block to inventory: the seller's ads are hidden (or shown again, except those a moderator
 * hid), a block decides the user's open reports 'blocked' and tells their reporters, and the action is recorded in
 * the audit log, once per event however often it is delivered.
 */
export async function applyBlock(
  db: Database,
  event: BlockEvent,
  notify: { mail?: ModerationMail; log?: Log } = {},
): Promise<{ changedAds: number; decidedReports: number }> {
  const done = await db.transaction(async (tx) => {
    const blocked = blockedSellersRepository(tx);
    const changedAds = event.blocked
      ? await blocked.blockSeller(event.username)
      : await blocked.unblockSeller(event.username);
    const decided = event.blocked ? await userReportsRepository(tx).decideUserReports(event.username, 'blocked') : [];
    await moderationAuditRepository(tx).audit({
      actor: event.actor,
      action: event.blocked ? 'block' : 'unblock',
      username: event.username,
      reason: event.reason,
      sourceKey: `block:${event.id}`,
    });
    return { changedAds, decided };
  });
  // Keyed by report, so a redelivered block mails nobody twice (and decides nothing twice).
  await sendMails(notify.mail, notify.log, userReporterMails(notify.mail, done.decided, 'blocked'));
  return { changedAds: done.changedAds, decidedReports: done.decided.length };
}
