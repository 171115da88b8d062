import type { Database } from '@bilmarknaden/db/database';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { requireStaff } from '@bilmarknaden/service-kit/staff-role';
import { ROLES } from '@bilmarknaden/shared/constants';
import {
  MODERATION_MESSAGES as M,
  moderationReasonRules,
  normalizeReason,
} from '@bilmarknaden/shared/validation/moderation';
import { lastFailure, text } from '@bilmarknaden/shared/validation/rules';
import { revokeAllTokens } from '../repositories/token-revocations-repository.ts';
import { userBlocksRepository } from '../repositories/user-blocks-repository.ts';
import { usersRepository, type UserRecord } from '../repositories/users-repository.ts';

/**
 * Moderators block users, administrators also moderators; nobody blocks an administrator or themselves
 * (decision 041). A block refuses the login, revokes every token in its transaction (decision 033) and is recorded
 * for the relay that hides the user's ads in inventory; an unblock lifts the first and shows the ads again.
 */
export function blockingService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** `changed`: false when the user already was in that state (nothing recorded, the answer the same). */
    async setBlocked(
      actor: UserRecord,
      username: string,
      body: Record<string, unknown>,
    ): Promise<{ username: string; blocked: boolean; changed: boolean }> {
      requireStaff(actor);
      if (typeof body.blocked !== 'boolean') throw new DomainError('invalid', M.blockedBool, { field: 'blocked' });
      const blocked = body.blocked;
      const target = await usersRepository(db).findByUsername(username);
      if (!target) throw new DomainError('not-found', M.userNotFound);
      if (target.id === actor.id) throw new DomainError('forbidden', M.blockSelf);
      const allowed =
        target.role === ROLES.user || (target.role === ROLES.moderator && actor.role === ROLES.administrator);
      if (!allowed) throw new DomainError('forbidden', M.blockForbidden);
      const reason = blocked ? normalizeReason(body).reason : text(body.reason);
      if (blocked) refuseFailure(lastFailure(moderationReasonRules, { reason }));
      const at = now();
      const changed = await db.transaction(async (tx) => {
        const blocks = userBlocksRepository(tx);
        if (!(await blocks.set(target.username, blocked, at))) return false;
        await blocks.record({ username: target.username, blocked, actor: actor.username, reason }, at);
        if (blocked) await revokeAllTokens(tx, target.username, at);
        return true;
      });
      return { username: target.username, blocked, changed };
    },
  };
}
